import pg from 'pg';

/** Test databases on a PostgreSQL server carry this prefix; setup and teardown drop leftovers. */
export const PG_TEST_DB_PREFIX = 'shop_test_';

/** Drops test databases on the PostgreSQL server that this or an earlier run left behind. */
async function dropTestDatabases(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PG_TEST_DB_PREFIX}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function setup(): Promise<void> {
  await dropTestDatabases();
}

export async function teardown(): Promise<void> {
  await dropTestDatabases();
}
