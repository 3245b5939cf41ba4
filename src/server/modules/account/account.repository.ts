import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { relations, users } from '../../db/schema';

export async function findUserWithRelation(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        uuid: users.uuid,
        name: users.name,
        mail: users.mail,
        firstname: users.firstname,
        surnamePrefix: users.surnamePrefix,
        surname: users.surname,
        langcode: users.langcode,
        roles: users.roles,
      },
      relation: {
        id: relations.id,
        uuid: relations.uuid,
        name: relations.name,
        pricelist: relations.pricelist,
        langcode: relations.langcode,
        active: relations.active,
      },
    })
    .from(users)
    .leftJoin(relations, eq(relations.id, users.relationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
