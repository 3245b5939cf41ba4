import { defineMessages } from '../../../i18n';

/** A deposit line's label (decision 028): statiegeld on bottles and cans, emballage on crates and kegs. */
type DepositCount = { quantity: number; amount: string };
/** A quantity that is no multiple of the article's order multiple, and the next multiple (decision 029). */
type Multiple = { sku: string; multiple: number; quantity: number; next: number };

/** Errors of the cart calls (keys are the codes) and the deposit lines' labels, in the language of the request. */
export const CART_MESSAGES = defineMessages({
  nl: {
    unknown_variation: (p: { sku: string }) => `Artikel ${p.sku} wordt niet meer verkocht.`,
    no_such_variation: (p: { id: number }) => `Er is geen productvariant ${p.id}.`,
    price_on_request: (p: { sku: string }) => `Artikel ${p.sku} heeft nog geen prijs voor je: vraag een prijs aan.`,
    below_minimum: (p: { sku: string; minimum: number }) => `Artikel ${p.sku} wordt verkocht vanaf ${p.minimum} stuks.`,
    not_in_cart: (p: { sku: string }) => `Artikel ${p.sku} zit niet in je winkelwagen.`,
    not_multiple: (p: Multiple) => `Artikel ${p.sku} bestel je in veelvouden van ${p.multiple}: ${p.quantity} kan niet, ${p.next} wel.`,
    too_many: (p: { sku: string; max: number }) => `Er passen maximaal ${p.max} stuks van artikel ${p.sku} op één bestelregel.`,
    cart_full: (p: { max: number }) => `Een winkelwagen heeft maximaal ${p.max} regels.`,
    order_item_not_found: (p: { item: string | number }) => `Bestelregel ${p.item} zit niet in deze winkelwagen.`,
    deposit_bottle: (p: DepositCount) => `Statiegeld fles ${p.quantity} × ${p.amount}`,
    deposit_can: (p: DepositCount) => `Statiegeld blik ${p.quantity} × ${p.amount}`,
    deposit_crate: (p: DepositCount) => `Emballage krat ${p.quantity} × ${p.amount}`,
    deposit_keg: (p: DepositCount) => `Emballage fust ${p.quantity} × ${p.amount}`,
    payment_underway:
      'Er loopt een betaling voor deze bestelling: rond die eerst af of annuleer hem (een onafgeronde betaling verloopt na 15 minuten).',
  },
  en: {
    unknown_variation: (p: { sku: string }) => `Article ${p.sku} is no longer sold.`,
    no_such_variation: (p: { id: number }) => `There is no product variation ${p.id}.`,
    price_on_request: (p: { sku: string }) => `Article ${p.sku} has no price for you yet: ask for a price instead.`,
    below_minimum: (p: { sku: string; minimum: number }) => `Article ${p.sku} is sold from ${p.minimum} pieces.`,
    not_in_cart: (p: { sku: string }) => `Article ${p.sku} is not in your cart.`,
    not_multiple: (p: Multiple) => `Article ${p.sku} is sold in multiples of ${p.multiple}: ${p.quantity} is not one, ${p.next} is.`,
    too_many: (p: { sku: string; max: number }) => `At most ${p.max} of article ${p.sku} fit on one order line.`,
    cart_full: (p: { max: number }) => `A cart holds at most ${p.max} lines.`,
    order_item_not_found: (p: { item: string | number }) => `Order item ${p.item} is not in this cart.`,
    deposit_bottle: (p: DepositCount) => `Deposit bottle ${p.quantity} × ${p.amount}`,
    deposit_can: (p: DepositCount) => `Deposit can ${p.quantity} × ${p.amount}`,
    deposit_crate: (p: DepositCount) => `Deposit crate ${p.quantity} × ${p.amount}`,
    deposit_keg: (p: DepositCount) => `Deposit keg ${p.quantity} × ${p.amount}`,
    payment_underway: 'A payment for this order is under way: finish or cancel it first (an unfinished payment expires after 15 minutes).',
  },
});
