import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ErpImportKind } from '../../../shared/api/erp';
import { type ErpImportReport, erpImportReport } from '../../../shared/api/erp-import';
import { API } from '../../test/app';

export const ERP_TOKEN = 'erp-test-token-0123456789abcdefghijklmnop';

export const example = (name: string) => readFileSync(path.resolve(process.cwd(), 'examples/erp', name));

export function importCall(
  app: FastifyInstance,
  kind: ErpImportKind | string,
  body: string | Buffer,
  options: { format?: 'csv' | 'jsonl'; query?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: `${API}/api/erp/import/${kind}${options.query ? `?${options.query}` : ''}`,
    headers: {
      'content-type': options.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
      authorization: `Bearer ${ERP_TOKEN}`,
      ...options.headers,
    },
    payload: body,
  });
}

/** Imports an example file and expects it to apply. */
export async function importExample(app: FastifyInstance, kind: ErpImportKind, format: 'csv' | 'jsonl', query?: string): Promise<ErpImportReport> {
  const res = await importCall(app, kind, example(`${kind}.${format}`), { format, ...(query ? { query } : {}) });
  if (res.statusCode !== 200) throw new Error(`import of ${kind}.${format}: ${res.statusCode} ${res.body}`);
  return res.json<ErpImportReport>();
}

/** Imports the example files of these kinds, in this order, each expected to apply. */
export async function importExamples(app: FastifyInstance, kinds: readonly ErpImportKind[], format: 'csv' | 'jsonl'): Promise<ErpImportReport[]> {
  const reports: ErpImportReport[] = [];
  for (const kind of kinds) reports.push(await importExample(app, kind, format));
  return reports;
}

/** An import the shop refuses as a whole (422, nothing applied): its report. */
export async function refusedImport(app: FastifyInstance, kind: ErpImportKind, body: string, options: { format?: 'csv' | 'jsonl' } = {}): Promise<ErpImportReport> {
  const res = await importCall(app, kind, body, options);
  expect(res.statusCode, res.body).toBe(422);
  return erpImportReport.parse(res.json());
}
