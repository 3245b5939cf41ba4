import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirError, loadSecrets, lockDataDir, prepareDataDir } from './data-dir';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'shop-datadir-'));

describe('DATA_DIR', () => {
  it('creates a missing folder and marks it as ours', () => {
    const dir = path.join(fresh(), 'nested', 'data');
    prepareDataDir(dir);
    expect(existsSync(path.join(dir, 'casa-maiz-data.json'))).toBe(true);
    // A second start on the same folder is fine.
    expect(() => prepareDataDir(dir)).not.toThrow();
  });

  it('refuses a folder that holds somebody else\'s files and leaves them alone', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'thesis.docx'), 'precious');
    expect(() => prepareDataDir(dir)).toThrow(/is not empty and was not made by this shop/);
    expect(readFileSync(path.join(dir, 'thesis.docx'), 'utf8')).toBe('precious');
    expect(existsSync(path.join(dir, 'casa-maiz-data.json'))).toBe(false);
  });

  it('refuses a file where a folder should be', () => {
    const file = path.join(fresh(), 'data');
    writeFileSync(file, 'x');
    expect(() => prepareDataDir(file)).toThrow(DataDirError);
    expect(() => prepareDataDir(file)).toThrow(/is not a folder/);
  });

  it('lets only one server use a folder at a time', () => {
    const dir = fresh();
    prepareDataDir(dir);
    // The lock of a live process (our parent) blocks; it is not taken over.
    writeFileSync(path.join(dir, 'server.lock'), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`Another shop server \\(pid ${process.ppid}\\) is already using DATA_DIR`));
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('takes over the lock of a process that is gone, and releases its own', () => {
    const dir = fresh();
    prepareDataDir(dir);
    writeFileSync(path.join(dir, 'server.lock'), '2147483646\n');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('generates secrets once, keeps them private and reuses them', () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    const first = loadSecrets(dir, {});
    expect(first.session).toHaveLength(43);
    expect(first.hashSalt).not.toBe(first.session);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir, {})).toEqual(first);
    expect(loadSecrets(dir, { session: 'from-env'.padEnd(32, '!') }).session).toBe('from-env'.padEnd(32, '!'));
  });
});
