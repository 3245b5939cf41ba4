import { defineMessages } from '../../i18n';

/**
 * Texts of stock refusals and backorders (decision 030). `expected`: the date as formatStockDate
 * writes it, 'soon' when the ERP's date has passed (expectedStock), or null when none is known.
 */
type Expected = string | 'soon' | null;
/** `available` null: more than a few are in stock, but not as many as asked (no figure is told). */
type Short = { sku: string; available: number | null; expected: Expected };
type Later = { sku: string; quantity: number; expected: Expected };

const nlNewStock = (e: Expected) => (e === null ? '' : e === 'soon' ? ' (nieuwe voorraad binnenkort verwacht)' : ` (nieuwe voorraad verwacht op ${e})`);
const nlLater = (e: Expected) => (e === null ? '' : e === 'soon' ? ' (binnenkort verwacht)' : ` (verwacht op ${e})`);
const enNewStock = (e: Expected) => (e === null ? '' : e === 'soon' ? ' (new stock expected soon)' : ` (new stock expected on ${e})`);
const enLater = (e: Expected) => (e === null ? '' : e === 'soon' ? ' (expected soon)' : ` (expected on ${e})`);

export const STOCK_MESSAGES = defineMessages({
  nl: {
    out_of_stock: (p: Short) =>
      p.available === 0
        ? `Artikel ${p.sku} is niet op voorraad${nlNewStock(p.expected)}.`
        : p.available === null
          ? `Zoveel van artikel ${p.sku} hebben we niet op voorraad; bestel een kleiner aantal.`
          : `Van artikel ${p.sku} zijn er nog maar ${p.available} op voorraad; meer kun je nu niet bestellen.`,
    backorder: (p: Later) =>
      `${p.quantity} van artikel ${p.sku} ${p.quantity === 1 ? 'is' : 'zijn'} niet op voorraad en ${p.quantity === 1 ? 'wordt' : 'worden'} later geleverd${nlLater(p.expected)}.`,
    stock_ran_out: 'Terwijl je bestelde is de voorraad opgeraakt. Pas je winkelwagen aan en bestel opnieuw:',
  },
  en: {
    out_of_stock: (p: Short) =>
      p.available === 0
        ? `Article ${p.sku} is out of stock${enNewStock(p.expected)}.`
        : p.available === null
          ? `We do not have that many of article ${p.sku} in stock; please order a smaller quantity.`
          : `Only ${p.available} of article ${p.sku} are in stock; you cannot order more now.`,
    backorder: (p: Later) => `${p.quantity} of article ${p.sku} ${p.quantity === 1 ? 'is' : 'are'} not in stock and will be delivered later${enLater(p.expected)}.`,
    stock_ran_out: 'Stock ran out while you were ordering. Please change your cart and order again:',
  },
});
