import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

/** A test that starts the real entry point (tsx compiles it first): 5-10 s alone, past 30 s at CI's load. */
const SPAWN_TIMEOUT = 90_000;

/** Starts the real entry point as `npm start` does after its build, with tsx instead of the bundle. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DEMO_SCALE: '0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

function waitFor(out: { stdout: string }, text: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    // Registered after the collector in start(), so `out.stdout` already holds the new chunk.
    const onData = () => {
      if (!out.stdout.includes(text)) return;
      cleanup();
      resolve();
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`exited with ${code} before printing "${text}"`));
    };
    child.stdout?.on('data', onData);
    child.on('exit', onExit);
    onData();
  });
}

const oneCleanLine = (stderr: string) => {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
};

describe('starting the shop', () => {
  it('stops with one line naming a malformed variable', async () => {
    const { out, exited } = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-main-')) });
    expect(await exited).toBe(1);
    oneCleanLine(out.stderr);
    expect(out.stderr).toContain("PORT must be a whole number between 1 and 65535 (got 'eighty')");
  }, SPAWN_TIMEOUT);

  it('refuses a foreign DATA_DIR and overwrites nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-main-'));
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const { out, exited } = start({ DATA_DIR: dir });
    expect(await exited).toBe(1);
    oneCleanLine(out.stderr);
    expect(out.stderr).toMatch(/DATA_DIR .* is not empty and was not made by this shop/);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  }, SPAWN_TIMEOUT);

  it('reports an unreachable PostgreSQL server in one line', async () => {
    const port = await freePort();
    const { out, exited } = start({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-main-')),
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`,
    });
    expect(await exited).toBe(1);
    oneCleanLine(out.stderr);
    expect(out.stderr).toContain('Cannot use the database at DATABASE_URL: ECONNREFUSED.');
  }, SPAWN_TIMEOUT);

  it('serves, refuses a second server on its data and port, stops cleanly and keeps its data', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'shop-main-')), 'data');
    const port = String(await freePort());
    const first = start({ DATA_DIR: dir, PORT: port });
    await waitFor(first.out, 'Stop with Ctrl-C.', first.child);
    expect(first.out.stdout).toContain('Empty database: loading demo data');
    expect(first.out.stdout).toContain(`is running at http://localhost:${port}/`);
    expect(first.out.stdout).toMatch(/demo\s+.*STANDAARD/);
    expect(first.out.stdout).toContain('password demo1234');

    const health = await fetch(`http://127.0.0.1:${port}/backend/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port}/backend/user/login?_format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'demo', pass: 'demo1234' }),
    });
    expect(login.status).toBe(200);

    const second = start({ DATA_DIR: dir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    oneCleanLine(second.out.stderr);
    expect(second.out.stderr).toContain(`Another shop server (pid ${first.child.pid}) is already using DATA_DIR ${dir}`);

    // A search counted in memory (search statistics) is written when the server stops.
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const search = await fetch(`http://127.0.0.1:${port}/backend/jsonapi/index/products/?filter[fulltext]=kwak-zoekterm&page[offset]=0&page[limit]=15`, { headers: { cookie } });
    expect(search.status).toBe(200);

    const third = start({ DATA_DIR: path.join(dir, '..', 'other'), PORT: port });
    expect(await third.exited).toBe(1);
    oneCleanLine(third.out.stderr);
    expect(third.out.stderr).toContain(`Port ${port} is already in use`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.out.stdout).toContain('Stopped cleanly.');
    expect(first.out.stdout).not.toContain('search statistics not written');
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const again = start({ DATA_DIR: dir, PORT: port });
    await waitFor(again.out, 'Stop with Ctrl-C.', again.child);
    expect(again.out.stdout).not.toContain('loading demo data');
    const relogin = await fetch(`http://127.0.0.1:${port}/backend/user/login?_format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'demo', pass: 'demo1234' }),
    });
    expect(relogin.status).toBe(200);
    const staff = await fetch(`http://127.0.0.1:${port}/backend/user/login?_format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'staff', pass: 'demo1234' }),
    });
    const statistics = await fetch(`http://127.0.0.1:${port}/backend/api/staff/search-statistics`, {
      headers: { cookie: (staff.headers.get('set-cookie') ?? '').split(';')[0]! },
    });
    expect(statistics.status).toBe(200);
    expect(((await statistics.json()) as { top: Array<{ term: string; searches: number }> }).top).toContainEqual(expect.objectContaining({ term: 'kwak zoekterm', searches: 1 }));
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 360_000); // four starts of the real server: ~37 s alone, past 180 s once at CI's load (11-13)
});
