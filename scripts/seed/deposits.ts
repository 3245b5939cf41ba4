import type * as schema from '../../src/server/db/schema';
import type { DepositKind } from '../../src/shared/api/deposits';
import { addDays } from '../../src/shared/delivery-date';

/**
 * Deposits and VAT rates of the demo data (decision 028): drinks carry the deposits of their
 * pack (DOMAIN.md: cans and small plastic bottles € 0,15, large plastic bottles € 0,25, glass
 * beer bottles € 0,10 and their crate € 1,50, a keg from the ERP), and the low rate changes on a
 * date ahead, within the delivery dates a customer may choose, so the demo shows it.
 */

export type VariationDepositRow = typeof schema.variationDeposits.$inferInsert;
export type VatRateRow = typeof schema.vatRates.$inferInsert;

/** Groups whose articles come in deposit packs: drinks. */
const DRINKS_GROUP = '17';

/** The deposits one sales unit of a drinks pack carries, read from the pack's Dutch text. */
export function depositsOfPack(groupKey: string, pack: string): Array<{ kind: DepositKind; amountCents: number; quantity: number }> {
  if (groupKey !== DRINKS_GROUP) return [];
  const count = Number(/^(\d+) x /.exec(pack)?.[1] ?? 0);
  if (/^fust/.test(pack)) return [{ kind: 'keg', amountCents: 3000, quantity: 1 }];
  if (count === 0) return [];
  if (/blik/.test(pack)) return [{ kind: 'can', amountCents: 15, quantity: count }];
  if (/ 1,5 l$/.test(pack)) return [{ kind: 'bottle', amountCents: 25, quantity: count }];
  // Glass bottles of 355 or 370 ml (beer, Mexican sodas) come in a crate; spirits carry none.
  if (/ (355|370) ml$/.test(pack)) return [{ kind: 'crate', amountCents: 150, quantity: 1 }, { kind: 'bottle', amountCents: 10, quantity: count }];
  return [];
}

/** Days from loading to the demo's change of the low rate (inside the 90 days a customer may choose). */
export const LOW_RATE_CHANGE_DAYS = 60;

/** The demo's announced change of the low rate: 9% becomes 11% on a day two months ahead. */
export function demoVatRates(today: string): VatRateRow[] {
  return [{ vatClass: 'food', validFrom: addDays(today, LOW_RATE_CHANGE_DAYS), rate: 1100 }];
}
