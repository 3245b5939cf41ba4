import type { LineBackorder, LineShortage } from '../../../shared/api/availability';
import { expectedStock, formatStockDate } from '../../../shared/stock-date';
import type { Localized } from '../../i18n';
import { textIn } from '../../i18n';
import { checkQuantity, type StockState } from './stock-rules';
import { STOCK_MESSAGES } from './stock.messages';

/**
 * Stock as the cart, quick order and placing an order tell it to the customer (decision 030): the
 * refusal of a quantity that is not in stock, and the part of a line that is a backorder. Each
 * entry path asks here, so the rule and its words are the same everywhere. `today` is the shop's
 * day (businessDay): an expected date before it is told as "expected soon" (expectedStock).
 */

/** The texts in both languages, each with the expected date as its language writes it ('soon' once it has passed). */
function both(key: 'out_of_stock', p: { sku: string; available: number | null; expectedDate: string | null; today: string }): Localized;
function both(key: 'backorder', p: { sku: string; quantity: number; expectedDate: string | null; today: string }): Localized;
function both(key: 'out_of_stock' | 'backorder', p: { sku: string; available?: number | null; quantity?: number; expectedDate: string | null; today: string }): Localized {
  const when = expectedStock(p.expectedDate, p.today);
  const say = (lang: 'nl' | 'en') => {
    const expected = when === null || when === 'soon' ? when : formatStockDate(when.date, lang);
    return key === 'out_of_stock'
      ? textIn(lang, STOCK_MESSAGES, 'out_of_stock', { sku: p.sku, available: p.available ?? null, expected })
      : textIn(lang, STOCK_MESSAGES, 'backorder', { sku: p.sku, quantity: p.quantity ?? 0, expected });
  };
  return { nl: say('nl'), en: say('en') };
}

/** Why a line of `quantity` of this article cannot be ordered for want of stock, or null when it can. */
export function stockRefusal(
  variation: { sku: string; stock: StockState | null },
  quantity: number,
  today: string,
): { code: 'out_of_stock'; message: Localized } | null {
  const check = checkQuantity(variation.stock, quantity);
  if (check.allowed) return null;
  const expectedDate = variation.stock?.expectedDate ?? null;
  // As the cards: a figure only once few are left, so a long list of large quantities cannot read
  // the exact stock of every article.
  const available = check.available <= (variation.stock?.fewLeftAt ?? 0) ? check.available : null;
  return { code: 'out_of_stock', message: both('out_of_stock', { sku: variation.sku, available, expectedDate, today }) };
}

/** The part of a line that is not in stock and comes later; null when all of it is in stock (or stock is not kept). */
export function lineBackorder(stock: StockState | null, quantity: number): LineBackorder | null {
  const check = checkQuantity(stock, quantity);
  if (!check.allowed || check.backorderQuantity === 0) return null;
  return { quantity: check.backorderQuantity, expected_date: stock?.expectedDate ?? null };
}

/**
 * A line over the stock of an article that may not be backordered: what is left of it, or null
 * when the line can be placed as it is. The same check placing makes, on the stock read with the
 * cart, so the cart warns before the checkout refuses.
 */
export function lineShortage(stock: StockState | null, quantity: number): LineShortage | null {
  const check = checkQuantity(stock, quantity);
  return check.allowed ? null : { available: check.available, expected_date: stock?.expectedDate ?? null };
}

/**
 * The backorder of a line, kept at placing or worked out in a cart, as the text the cart tells (for
 * the confirmation mail); `today`: the day it speaks from (a placed order's: the day it was placed).
 */
export function backorderNote(sku: string, backorder: LineBackorder, today: string): Localized {
  return both('backorder', { sku, quantity: backorder.quantity, expectedDate: backorder.expected_date, today });
}

/** "3 of article 101002 are not in stock and will be delivered later (expected on …)", or null for a line all in stock. */
export function backorderText(variation: { sku: string; stock: StockState | null }, quantity: number, today: string): Localized | null {
  const later = lineBackorder(variation.stock, quantity);
  return later === null ? null : backorderNote(variation.sku, later, today);
}
