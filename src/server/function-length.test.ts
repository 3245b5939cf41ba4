import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function over 60 lines in the server's and the web's product code (issue 40, point 4): a
 * service is a set of named functions a reader can jump between, a route file a few small
 * functions by resource, a component a few hooks and presentational parts. Tests, test support
 * and migrations are not product code.
 */
const MAX_LINES = 60;

/**
 * The functions still over the limit, by file and name (not by line: lines move). Empty: no
 * function may join it.
 */
const STILL_TOO_LONG: readonly string[] = [];

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(serverRoot, '..', 'web');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'test' ? [] : productFiles(full);
    const isSource = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    const isTestCode = entry.name.includes('.test.') || entry.name.startsWith('test-support');
    return isSource && !isTestCode ? [full] : [];
  });
}

/** A function's name as a reader finds it: its own, or the variable or property it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent as ts.Node & { name?: ts.Node };
  return parent.name ? parent.name.getText() : '(anonymous)';
}

/** The functions over the limit in one file's text, as 'file name' with their length. */
function longFunctionsIn(file: string, text: string): Map<string, number> {
  const found = new Map<string, number>();
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_LINES) found.set(`${file} ${nameOf(node)}`, last - first + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function over the limit in src/server's and src/web's product code (files relative to src/server). */
function longFunctions(): Map<string, number> {
  const found = new Map<string, number>();
  for (const file of [...productFiles(serverRoot), ...productFiles(webRoot)]) {
    const relative = path.relative(serverRoot, file).split(path.sep).join('/');
    for (const [key, lines] of longFunctionsIn(relative, readFileSync(file, 'utf8'))) found.set(key, lines);
  }
  return found;
}

describe('function length', () => {
  const long = longFunctions();

  it(`has no new function over ${MAX_LINES} lines in the server's and the web's product code`, () => {
    const unlisted = [...long].filter(([key]) => !STILL_TOO_LONG.includes(key)).map(([key, lines]) => `${key} (${lines} lines)`);
    expect(unlisted).toEqual([]);
  });

  it('lists only functions that are still too long (remove one once it is split)', () => {
    expect(STILL_TOO_LONG.filter((key) => !long.has(key))).toEqual([]);
  });

  it('counts a function from its first line to its last, whatever its form', () => {
    const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function declared() {\n${body(MAX_LINES - 2)}\n}`,
      `export const arrow = () => {\n${body(MAX_LINES - 1)}\n};`,
      `export const service = {\n  method() {\n${body(MAX_LINES - 2)}\n  },\n};`,
    ].join('\n');
    expect([...longFunctionsIn('x.ts', text)]).toEqual([['x.ts arrow', MAX_LINES + 1]]);
  });

  it('reads a component and its markup in a .tsx file', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `      <p>{'${i}'}</p>`).join('\n');
    const component = (name: string, count: number) => `export function ${name}() {\n  return (\n    <div>\n${rows(count)}\n    </div>\n  );\n}`;
    const text = [component('Short', MAX_LINES - 6), component('Long', MAX_LINES - 5)].join('\n');
    expect([...longFunctionsIn('x.tsx', text)]).toEqual([['x.tsx Long', MAX_LINES + 1]]);
  });
});
