import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTar, TarError } from './tar-reader';

const long = `${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(90)}.png`;

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tar-reader-'));
  writeFileSync(path.join(dir, 'small.txt'), 'hello');
  writeFileSync(path.join(dir, 'block.bin'), Buffer.alloc(512 * 3 + 7, 1));
  writeFileSync(path.join(dir, 'empty'), '');
  mkdirSync(path.join(dir, path.dirname(long)), { recursive: true });
  writeFileSync(path.join(dir, long), 'deep');
  return dir;
}

/** Feeds the archive in pieces of `size` bytes, as a network would. */
async function* pieces(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function entries(data: Buffer, size: number, read: (name: string) => boolean) {
  const out: Array<[string, string, number, string | null]> = [];
  for await (const entry of readTar(pieces(data, size))) {
    let content: string | null = null;
    if (read(entry.name)) {
      const parts: Buffer[] = [];
      for await (const piece of entry.body) parts.push(piece);
      content = Buffer.concat(parts).toString('latin1').slice(0, 8);
    }
    out.push([entry.name, entry.type, entry.size, content]);
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

describe('tar reader', () => {
  const dir = folder();
  for (const format of ['gnu', 'pax', 'ustar'] as const) {
    it(`reads what GNU tar writes in ${format} format, however the bytes arrive, read or skipped`, async () => {
      const names = format === 'ustar' ? ['small.txt', 'block.bin', 'empty'] : ['small.txt', 'block.bin', 'empty', long];
      const data = execFileSync('tar', ['-cf', '-', `--format=${format}`, ...names], { cwd: dir });
      const expected = [
        ['block.bin', 'file', 1543, '\u0001'.repeat(8)],
        ['empty', 'file', 0, ''],
        ['small.txt', 'file', 5, 'hello'],
        ...(format === 'ustar' ? [] : [[long, 'file', 4, 'deep']]),
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      for (const size of [1, 100, 512, 1 << 16]) expect(await entries(data, size, () => true), `pieces of ${size}`).toEqual(expected);
      // Bodies left unread (or read only in part) are skipped to the next entry.
      const skipped = await entries(data, 700, (name) => name !== 'block.bin');
      expect(skipped.map((e) => e[0])).toEqual(expected.map((e) => e[0]));
      let partial = 0;
      for await (const entry of readTar(pieces(data, 300))) {
        for await (const piece of entry.body) {
          void piece;
          break;
        }
        partial += 1;
      }
      expect(partial).toBe(expected.length);
    });
  }

  it('refuses what is not a tar archive, and one that is cut off', async () => {
    const collect = async (data: Buffer) => {
      for await (const entry of readTar(pieces(data, 512))) for await (const piece of entry.body) void piece;
    };
    await expect(collect(Buffer.from('x'.repeat(1024)))).rejects.toBeInstanceOf(TarError);
    await expect(collect(Buffer.alloc(0))).rejects.toThrow('The archive is empty.');
    const data = execFileSync('tar', ['-cf', '-', 'block.bin'], { cwd: dir });
    await expect(collect(data.subarray(0, 1024))).rejects.toThrow('The archive ends in the middle of a file.');
    await expect(collect(data.subarray(0, 300))).rejects.toThrow('The archive ends in the middle of a block.');
  });

  it('refuses an archive of more entries than its bound, at the first one past it', async () => {
    const data = execFileSync('tar', ['-cf', '-', 'small.txt', 'block.bin', 'empty'], { cwd: dir });
    const names: string[] = [];
    const collect = async (maxEntries: number) => {
      for await (const entry of readTar(pieces(data, 512), maxEntries)) names.push(entry.name);
    };
    await expect(collect(2)).rejects.toThrow('The archive holds more than 2 entries; send the images in several archives.');
    expect(names).toEqual(['small.txt', 'block.bin']);
    names.length = 0;
    await collect(3);
    expect(names).toHaveLength(3);
  });
});
