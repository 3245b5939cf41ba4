import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { menuLinks } from '../../db/schema';

export function findMenuLinks(db: DbOrTx, menuName: string) {
  return db
    .select()
    .from(menuLinks)
    .where(and(eq(menuLinks.menuName, menuName), eq(menuLinks.enabled, true)))
    .orderBy(asc(menuLinks.weight), asc(menuLinks.id));
}
