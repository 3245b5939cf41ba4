import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import type { AppConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { memoryMailer, testConfig } from './app';
import { testDatabase } from './database';

/**
 * A second server instance on the worker's test database, made on first use and closed after the
 * file's tests: on PostgreSQL with its own connection pool, on PGlite (one connection) sharing the
 * handle. `overrides` as useTestApp's. Call at the top level of a test file; `instance()` answers it.
 */
export function useSecondInstance(deps: Pick<AppDeps, 'now'> = {}, overrides: Partial<AppConfig> = {}): { instance(): Promise<FastifyInstance> } {
  let other: FastifyInstance | undefined;
  let ownDatabase: Database | undefined;
  afterAll(async () => {
    await other?.close();
    await ownDatabase?.close();
  });
  return {
    async instance() {
      if (!other) {
        const shared = await testDatabase();
        ownDatabase = shared.url ? await openDatabase({ url: shared.url }) : undefined;
        other = await buildApp(testConfig(overrides), { database: ownDatabase ?? shared, mailer: memoryMailer(), logger: false, jobs: false, ...deps });
        await other.ready();
      }
      return other;
    },
  };
}
