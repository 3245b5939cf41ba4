import { and, asc, count, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { relations, users } from '../../db/schema';

/*
 * The customer users staff look for and masquerade as (the staff module's customer list), with
 * their relation.
 */

const fullName = sql`concat_ws(' ', nullif(${users.firstname}, ''), nullif(${users.surnamePrefix}, ''), nullif(${users.surname}, ''))`;

/** Active customer users that are not staff, optionally matching a search (contains, any case). */
function customerFilter(search: string): SQL | undefined {
  const isCustomer = and(
    eq(users.active, true),
    sql`'customer' = any(${users.roles})`,
    not(sql`'staff' = any(${users.roles})`),
  );
  if (!search) return isCustomer;
  const pattern = containsPattern(search);
  return and(
    isCustomer,
    or(
      ilike(users.name, pattern),
      ilike(users.firstname, pattern),
      ilike(users.surname, pattern),
      sql`${fullName} ilike ${pattern}`,
      ilike(users.mail, pattern),
      ilike(relations.name, pattern),
      ilike(relations.erpNumber, pattern),
    ),
  );
}

export async function findCustomers(db: DbOrTx, search: string, limit: number, offset: number) {
  return db
    .select({
      id: users.id,
      uuid: users.uuid,
      name: users.name,
      mail: users.mail,
      firstname: users.firstname,
      surnamePrefix: users.surnamePrefix,
      surname: users.surname,
      langcode: users.langcode,
      relation: {
        id: relations.id,
        uuid: relations.uuid,
        name: relations.name,
        erpNumber: relations.erpNumber,
        pricelist: relations.pricelist,
        langcode: relations.langcode,
      },
    })
    .from(users)
    .leftJoin(relations, eq(relations.id, users.relationId))
    .where(customerFilter(search))
    .orderBy(
      sql`${relations.name} asc nulls last`,
      asc(sql`lower(${users.surname})`),
      asc(sql`lower(${users.firstname})`),
      asc(sql`lower(${users.name})`),
      asc(users.id),
    )
    .limit(limit)
    .offset(offset);
}

export async function countCustomers(db: DbOrTx, search: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(users)
    .leftJoin(relations, eq(relations.id, users.relationId))
    .where(customerFilter(search));
  return row?.count ?? 0;
}

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      roles: users.roles,
      active: users.active,
      relationLangcode: relations.langcode,
    })
    .from(users)
    .leftJoin(relations, eq(relations.id, users.relationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
