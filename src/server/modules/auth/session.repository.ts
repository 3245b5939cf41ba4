import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { catalogCounterValue } from '../../db/data-counters';
import { preparedPerHandle } from '../../db/prepared';
import { relations, relationVersions, sessions, users } from '../../db/schema';
import type { DataVersions, SessionUser } from '../../context/session';

export interface SessionRow {
  id: string;
  userId: number;
  masqueradeFromUserId: number | null;
  csrfToken: string;
  /** The login this session goes back to (a masquerade keeps its staff login's): the absolute lifetime counts from it. */
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** 'Remember me' of the login: true, false, or null when the client did not say. */
  remember: boolean | null;
  user: SessionUser;
  /** Null unless the session is a masquerade. */
  masquerader: { active: boolean; roles: string[] } | null;
  /** The data versions the catalogue's caches are kept by, read in the same statement. */
  versions: DataVersions;
}

/** The staff user behind a masquerade, joined to check they may still masquerade. */
const staffUsers = alias(users, 'staff_users');

/**
 * Every request looks its session up: a prepared statement (see db/prepared.ts) for the sessions
 * of all requests that arrived together (session.service.ts batches them).
 */
const findSessionsQuery = preparedPerHandle((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      masqueradeFromUserId: sessions.masqueradeFromUserId,
      csrfToken: sessions.csrfToken,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      remember: sessions.remember,
      user: {
        id: users.id,
        uuid: users.uuid,
        name: users.name,
        roles: users.roles,
        relationId: users.relationId,
        langcode: users.langcode,
        active: users.active,
        // Joined here so the catalogue needs no query of its own for the caller's prices.
        pricelist: relations.pricelist,
      },
      masquerader: { active: staffUsers.active, roles: staffUsers.roles },
      versions: {
        catalog: catalogCounterValue('catalogue'),
        offers: catalogCounterValue('offers'),
        stock: catalogCounterValue('stock'),
        relation: sql<number>`coalesce((select ${relationVersions.version} from ${relationVersions} where ${relationVersions.relationId} = ${users.relationId}), 0)`.mapWith(Number),
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(relations, and(eq(relations.id, users.relationId), eq(relations.active, true)))
    .leftJoin(staffUsers, eq(staffUsers.id, sessions.masqueradeFromUserId))
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('sessions_find'),
);

/** The sessions with these ids (distinct), with their users and data versions, in one statement. */
export async function findSessions(db: DbOrTx, ids: readonly string[]): Promise<SessionRow[]> {
  return findSessionsQuery(db).execute({ ids });
}

export async function insertSession(
  db: DbOrTx,
  row: {
    id: string;
    userId: number;
    csrfToken: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    remember: boolean | null;
    masqueradeFromUserId?: number | null;
  },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function touchSession(db: DbOrTx, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

/** Sessions past their expiry, or begun before `startedBefore` (past the absolute lifetime). */
export async function deleteExpiredSessions(db: DbOrTx, now: Date, startedBefore: Date): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.createdAt, startedBefore)))
    .returning({ id: sessions.id });
  return gone.length;
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number, exceptId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      // A user's sessions include the masquerades they started as staff.
      and(
        or(eq(sessions.userId, userId), eq(sessions.masqueradeFromUserId, userId)),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    );
}
