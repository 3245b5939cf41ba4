import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema';
import { TABLE_OWNERS } from './db/table-owners';
import { TRANSITIONS } from './modules/ordering/order-state';

/** docs/architecture.md says what the code does: the tables by owner and the order states. */
const text = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/architecture.md'), 'utf8');
const section = (from: string, to: string) => text.slice(text.indexOf(from), to ? text.indexOf(to) : undefined);
const sortedValues = (byKey: Record<string, string[]>) => Object.fromEntries(Object.entries(byKey).map(([k, v]) => [k, [...v].sort()]));

describe('docs/architecture.md', () => {
  it('lists the tables of every owner as db/table-owners.ts does', () => {
    const fromMap: Record<string, string[]> = {};
    for (const [name, owner] of Object.entries(TABLE_OWNERS)) {
      (fromMap[owner] ??= []).push(getTableName(schema[name as keyof typeof schema] as PgTable));
    }
    const fromDocs: Record<string, string[]> = {};
    for (const [, owner, tables] of section('## Tables by owner', '## How a request runs').matchAll(/^\| ([a-z-]+) \| (`.*`) \|$/gm)) {
      fromDocs[owner!] = [...tables!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    }
    expect(sortedValues(fromDocs)).toEqual(sortedValues(fromMap));
  });

  it("draws the order states' transition table, step by step", () => {
    const fromTable = Object.entries(TRANSITIONS).flatMap(([from, steps]) => Object.entries(steps).map(([event, to]) => `${from} -${event}-> ${to}`));
    const fromDiagram = [...section('```mermaid', '').matchAll(/^ {2}([a-z_]+) --> ([a-z_]+): (.+)$/gm)].flatMap(([, from, to, events]) =>
      events!.split(', ').map((event) => `${from} -${event}-> ${to}`),
    );
    expect(fromDiagram.sort()).toEqual(fromTable.sort());
  });
});
