import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** Raised for anything about DATA_DIR that must stop the start with one clear line. */
export class DataDirError extends Error {}

const MARKER = 'casa-maiz-data.json';
const LOCK = 'server.lock';
const SECRETS = 'secrets.json';

/**
 * Makes sure DATA_DIR is a folder this shop may use: created when missing, refused when it is
 * not a folder, not writable, or not empty without our marker (a foreign folder we would clobber).
 */
export function prepareDataDir(dir: string): void {
  if (existsSync(dir)) {
    let stat;
    try {
      stat = statSync(dir);
    } catch (error) {
      throw new DataDirError(`DATA_DIR ${dir} cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`);
    }
    if (!stat.isDirectory()) throw new DataDirError(`DATA_DIR ${dir} is not a folder.`);
    try {
      accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch {
      throw new DataDirError(`DATA_DIR ${dir} is not readable and writable for this user.`);
    }
    const entries = readdirSync(dir);
    if (entries.length > 0 && !entries.includes(MARKER)) {
      throw new DataDirError(
        `DATA_DIR ${dir} is not empty and was not made by this shop; point DATA_DIR at an empty or new folder.`,
      );
    }
    if (entries.includes(MARKER)) {
      try {
        const marker = JSON.parse(readFileSync(path.join(dir, MARKER), 'utf8')) as { app?: string };
        if (marker.app !== 'casa-maiz-webshop') throw new Error('foreign');
      } catch {
        throw new DataDirError(`DATA_DIR ${dir} holds a ${MARKER} that this shop did not write.`);
      }
      return;
    }
  } else {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new DataDirError(`DATA_DIR ${dir} cannot be created: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`);
    }
  }
  writeFileSync(
    path.join(dir, MARKER),
    `${JSON.stringify({ app: 'casa-maiz-webshop', createdAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per data folder: PGlite's files would be corrupted by a second process.
 * Returns the release function. A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK);
  const mine = `${process.pid}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataDirError(`DATA_DIR ${dir}: cannot write ${LOCK} (${(error as NodeJS.ErrnoException).code}).`);
      }
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new DataDirError(
          `Another shop server (pid ${pid}) is already using DATA_DIR ${dir}; stop it first, or start this one with another DATA_DIR.`,
        );
      }
      // Stale lock of a process that is gone: move it aside atomically and try again.
      try {
        renameSync(file, `${file}.stale`);
        unlinkSync(`${file}.stale`);
      } catch {
        // Another starter took it over meanwhile; the next attempt tells.
      }
    }
  }
  throw new DataDirError(`DATA_DIR ${dir}: could not take ${LOCK}; another start is racing this one.`);
}

export interface Secrets {
  session: string;
  hashSalt: string;
}

/** Secrets from the environment win; otherwise they are generated once into DATA_DIR (mode 600). */
export function loadSecrets(dir: string, fromEnv: Partial<Secrets>): Secrets {
  const file = path.join(dir, SECRETS);
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    } catch {
      throw new DataDirError(`${file} is not valid JSON; restore it or remove it to generate new secrets (this logs everyone out).`);
    }
  }
  const toStore = { ...stored };
  let changed = false;
  for (const key of ['session', 'hashSalt'] as const) {
    if (!fromEnv[key] && !toStore[key]) {
      toStore[key] = randomBytes(32).toString('base64url');
      changed = true;
    }
  }
  if (changed) writeFileSync(file, JSON.stringify(toStore), { mode: 0o600 });
  return {
    session: fromEnv.session ?? toStore.session ?? '',
    hashSalt: fromEnv.hashSalt ?? toStore.hashSalt ?? '',
  };
}
