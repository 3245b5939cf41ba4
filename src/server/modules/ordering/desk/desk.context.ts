import type { Db, DbOrTx } from '../../../db/client';
import { AppError, orderNotFound } from '../../../errors';
import { localized } from '../../../i18n';
import type { MailOutbox } from '../../mail/mail-outbox.service';
import { userContact, userNames } from '../../auth/users.service';
import type { CartService } from '../cart/cart.service';
import { findOrderLines } from '../history/orders.repository';
import { DESK_MESSAGES } from './desk.messages';
import * as repo from './desk.repository';
import type { DeskRelation, DeskUser, PlacedLine } from './desk-view';

export interface DeskDeps {
  cart: CartService;
  outbox: MailOutbox;
  now: () => Date;
  shopName: string;
  publicUrl: string;
}

/** The database and what the order desk's parts share. */
export interface DeskContext {
  db: Db;
  deps: DeskDeps;
}

/** An order with what the page tells of it. */
export interface DeskOrder {
  order: repo.DeskOrderRow;
  lines: PlacedLine[];
  relation: DeskRelation;
  user: DeskUser;
}

/** The 409 of a version the staff user saw that is no longer the order's. */
export const changedElsewhere = () => new AppError(409, 'order_changed_elsewhere', localized(DESK_MESSAGES, 'order_changed_elsewhere'));

/** Load: an order out of the cart by uuid (`lock`: held until the transaction ends), with its lines, relation and user; 404 otherwise. */
export async function loadOrder(db: DbOrTx, uuid: string, { lock = false } = {}): Promise<DeskOrder> {
  const order = await repo.findOrderByUuid(db, uuid.toLowerCase(), { lock });
  if (!order || order.state === 'draft' || order.state === 'payment_pending') throw orderNotFound();
  const relation = await repo.findRelation(db, order.relationId);
  if (!relation) throw orderNotFound();
  const contact = await userContact(db, order.userId);
  const names = await userNames(db, [order.userId]);
  return {
    order,
    lines: await findOrderLines(db, order.id),
    relation,
    user: { id: order.userId, name: names.get(order.userId) ?? '', mail: contact.mail, langcode: contact.langcode },
  };
}

/** Check the version: the one the staff user saw, or 409. */
export function checkVersion(order: repo.DeskOrderRow, seen: number): void {
  if (order.version !== seen) throw changedElsewhere();
}

/** Where the customer finds the order in the shop, in their language. */
export const orderUrlOf = ({ deps }: DeskContext, orderId: number, lang: 'nl' | 'en') => `${deps.publicUrl}/${lang}/account/orders/${orderId}`;
