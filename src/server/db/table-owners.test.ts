import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { KERNEL, MODULES, TABLE_OWNERS } from './table-owners';

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
const tableNames = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name);

describe('the table → module map', () => {
  it('names an owner for every table of db/schema, and no table that is gone', () => {
    expect(tableNames.filter((name) => !(name in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((name) => !tableNames.includes(name))).toEqual([]);
  });

  it('names only modules (or the kernel) as owners', () => {
    const owners = new Set<string>(Object.values(TABLE_OWNERS));
    expect([...owners].filter((owner) => owner !== KERNEL && !(owner in MODULES))).toEqual([]);
  });

  it('knows every module folder, and every folder it names exists', () => {
    const mapped = Object.values(MODULES).flatMap((zone) => zone.folders as readonly string[]);
    const onDisk = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(onDisk.filter((folder) => !mapped.includes(folder))).toEqual([]);
    expect(mapped.filter((folder) => !existsSync(path.join(modulesDir, folder)))).toEqual([]);
  });
});
