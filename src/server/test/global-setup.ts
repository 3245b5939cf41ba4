import pg from 'pg';

/** Test databases on a PostgreSQL server carry this prefix; setup and teardown drop leftovers. */
export const PG_TEST_DB_PREFIX = 'shop_test_';

/** Whether the process that made a test database (its pid is in the name) still runs. */
function ownerRuns(datname: string): boolean {
  const pid = Number(/^shop_test_(\d+)_/.exec(datname)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops test databases on the PostgreSQL server that this or an earlier run left behind; not
 * those of a worker that still runs (another run on the same server, from another worktree).
 */
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
    for (const { datname } of rows) if (!ownerRuns(datname)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
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
