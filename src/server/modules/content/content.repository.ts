import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentPages, menuLinks } from '../../db/schema';

export function findMenuLinks(db: DbOrTx, menuName: string) {
  return db
    .select()
    .from(menuLinks)
    .where(and(eq(menuLinks.menuName, menuName), eq(menuLinks.enabled, true)))
    .orderBy(asc(menuLinks.weight), asc(menuLinks.id));
}

export type ContentPageRow = typeof contentPages.$inferSelect;

/**
 * Published pages whose Dutch or English path is `path` (compared without case, as Drupal's
 * alias lookup does). At most two rows: one per language column.
 */
export function findPublishedPagesByPath(db: DbOrTx, path: string): Promise<ContentPageRow[]> {
  const lower = path.toLowerCase();
  return db
    .select()
    .from(contentPages)
    .where(
      and(
        eq(contentPages.published, true),
        sql`(lower(${contentPages.pathNl}) = ${lower} or lower(${contentPages.pathEn}) = ${lower})`,
      ),
    )
    .orderBy(asc(contentPages.id));
}

export async function findPublishedPageByUuid(db: DbOrTx, uuid: string): Promise<ContentPageRow | undefined> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.uuid, uuid), eq(contentPages.published, true)));
  return row;
}
