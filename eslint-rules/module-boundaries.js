import path from 'node:path';

/**
 * The module boundaries of the server (docs/architecture.md), made from the map in
 * src/server/db/table-owners.ts:
 * - a table of db/schema is imported only by a repository (`*.repository.ts`) of its owner, of the
 *   module that writes every table (the ERP import), or, for the kernel's tables (the relation,
 *   the data-version counters), by any repository and by the code outside src/server/modules;
 * - another module's file is imported only when it is a service (`*.service.ts`) or one of that
 *   module's listed public files. Code outside src/server/modules (app, plugins, jobs) composes
 *   the modules and may import any of their files.
 * - a statement that writes (insert, update, delete in a `sql` template) is in a repository.
 * Tests and test-support files arrange data and are not checked. An import the rule should let
 * pass for a while goes in `allow` as file (relative to src/server) → the table or file it names.
 */

const SERVER = 'src/server/';
const isTest = (file) => file.endsWith('.test.ts') || path.posix.basename(file) === 'test-support.ts' || file.startsWith('test/');
const isRepository = (file) => file.endsWith('.repository.ts');
const withoutExtension = (file) => file.replace(/\.(ts|js|mjs)$/, '');
const WRITE = /\b(insert\s+into|delete\s+from)\b|\bupdate\s+[a-z_]+(\s+as\s+[a-z_]+)?\s+set\b/i;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Every table has one owning module; modules import only each other\'s public files.' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      table: "{{table}} belongs to {{owner}}: only {{owner}}'s repositories import it{{hint}}. ({{key}})",
      privateFile: "{{target}} is private to {{owner}}: import its service ({{services}}) instead. ({{key}})",
      unknownModule: 'modules/{{folder}} is not in MODULES of src/server/db/table-owners.ts.',
      sqlWrite: 'A statement that writes belongs in a repository (*.repository.ts) of the module that owns its table.',
      staleAllowance: '{{key}} is allowed but not imported any more: remove it from eslint-rules/boundary-allow-list.js.',
    },
  },
  create(context) {
    const { modules, tableOwners, kernel, writesEveryTable, allow = {} } = context.options[0];
    const normalized = context.filename.split(path.sep).join('/');
    const at = normalized.lastIndexOf(SERVER);
    if (at < 0) return {};
    const file = normalized.slice(at + SERVER.length);
    if (isTest(file)) return {};

    const folderOwner = new Map();
    for (const [name, zone] of Object.entries(modules)) for (const folder of zone.folders) folderOwner.set(folder, name);
    /** The module of a path relative to src/server, or the kernel; undefined for an unknown folder. */
    const zoneOf = (rel) => {
      const m = /^modules\/([^/]+)\//.exec(rel);
      return m ? folderOwner.get(m[1]) : kernel;
    };
    const zone = zoneOf(file);
    const allowed = new Set(allow[file] ?? []);
    const used = new Set();
    const isAllowed = (key) => allowed.has(key) && used.add(key);

    const checkTables = (node, names) => {
      if (file.startsWith('db/schema/')) return;
      for (const name of names) {
        const owner = name === '*' ? 'every module' : tableOwners[name];
        if (owner === undefined) continue;
        const ok =
          zone === kernel
            ? owner === kernel
            : isRepository(file) && (owner === zone || owner === kernel || zone === writesEveryTable);
        if (ok || isAllowed(name)) continue;
        const hint = zone === owner ? ', so move this statement into one' : `; call ${owner}'s service`;
        context.report({ node, messageId: 'table', data: { table: name, owner, hint, key: `${file} → ${name}` } });
      }
    };

    const checkModuleFile = (node, target) => {
      const targetZone = zoneOf(target);
      if (zone === kernel || targetZone === zone || targetZone === undefined) return;
      if (path.posix.basename(target).endsWith('.service')) return;
      const { publicFiles = [] } = modules[targetZone];
      if (publicFiles.some((f) => `modules/${withoutExtension(f)}` === target) || isAllowed(target)) return;
      const services = [...publicFiles, '*.service.ts'].join(', ');
      context.report({ node, messageId: 'privateFile', data: { target, owner: targetZone, services, key: `${file} → ${target}` } });
    };

    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = withoutExtension(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
      if (target === 'db/schema' || target.startsWith('db/schema/')) {
        const names =
          node.type === 'ExportAllDeclaration'
            ? ['*']
            : (node.specifiers ?? []).map((s) => (s.type === 'ImportNamespaceSpecifier' ? '*' : (s.imported ?? s.local).name));
        checkTables(node, names);
      } else if (target.startsWith('modules/')) {
        checkModuleFile(node, target);
      }
    };

    return {
      Program(node) {
        if (zone === undefined) context.report({ node, messageId: 'unknownModule', data: { folder: file.split('/')[1] } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      TaggedTemplateExpression(node) {
        if (isRepository(file) || zone === kernel || node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        if (WRITE.test(node.quasi.quasis.map((q) => q.value.raw).join(' '))) context.report({ node, messageId: 'sqlWrite' });
      },
      'Program:exit'(node) {
        for (const key of allowed) if (!used.has(key)) context.report({ node, messageId: 'staleAllowance', data: { key: `${file} → ${key}` } });
      },
    };
  },
};
