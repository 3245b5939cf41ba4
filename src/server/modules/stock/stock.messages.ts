import { defineMessages } from '../../i18n';

/** Texts of stock refusals and backorders (decision 030); `expected` is a date as formatStockDate writes it, or null. */
type Short = { sku: string; available: number; expected: string | null };
type Later = { sku: string; quantity: number; expected: string | null };

export const STOCK_MESSAGES = defineMessages({
  nl: {
    out_of_stock: (p: Short) =>
      p.available === 0
        ? `Artikel ${p.sku} is niet op voorraad${p.expected ? ` (nieuwe voorraad verwacht op ${p.expected})` : ''}.`
        : `Van artikel ${p.sku} zijn er nog maar ${p.available} op voorraad; meer kun je nu niet bestellen.`,
    backorder: (p: Later) =>
      `${p.quantity} van artikel ${p.sku} ${p.quantity === 1 ? 'is' : 'zijn'} niet op voorraad en ${p.quantity === 1 ? 'wordt' : 'worden'} later geleverd${p.expected ? ` (verwacht op ${p.expected})` : ''}.`,
    stock_ran_out: 'Terwijl je bestelde is de voorraad opgeraakt. Pas je winkelwagen aan en bestel opnieuw:',
  },
  en: {
    out_of_stock: (p: Short) =>
      p.available === 0
        ? `Article ${p.sku} is out of stock${p.expected ? ` (new stock expected on ${p.expected})` : ''}.`
        : `Only ${p.available} of article ${p.sku} are in stock; you cannot order more now.`,
    backorder: (p: Later) => `${p.quantity} of article ${p.sku} ${p.quantity === 1 ? 'is' : 'are'} not in stock and will be delivered later${p.expected ? ` (expected on ${p.expected})` : ''}.`,
    stock_ran_out: 'Stock ran out while you were ordering. Please change your cart and order again:',
  },
});
