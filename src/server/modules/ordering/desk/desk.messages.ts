import { defineMessages } from '../../../i18n';

/** Errors of the staff order desk's calls (keys are the codes), in the staff user's language. */
export const DESK_MESSAGES = defineMessages({
  nl: {
    order_changed_elsewhere: 'Iemand anders heeft deze bestelling intussen gewijzigd. Laad de bestelling opnieuw en kijk of je wijziging nog nodig is.',
    cancel_reason_required: 'Geef een reden voor de annulering.',
    change_closed_not_placed: 'Deze bestelling is al naar het ERP gegaan en kan niet meer worden gewijzigd.',
    change_closed_cut_off: (p: { until: string }) => `Deze bestelling kan niet meer worden gewijzigd: dat kon tot ${p.until}.`,
    unknown_variation: (p: { id: number }) => `Artikel ${p.id} bestaat niet of is niet te koop voor deze klant.`,
    duplicate_variation: (p: { id: number }) => `Artikel ${p.id} staat twee keer in de wijziging; voeg de aantallen samen.`,
    no_change: 'Er is niets gewijzigd.',
    unknown_article: (p: { sku: string }) => `Artikelnummer ${p.sku} kennen we niet.`,
    no_finance_check: 'Bij deze bestelling hoeft financiën niets (meer) na te kijken.',
  },
  en: {
    order_changed_elsewhere: 'Someone else changed this order meanwhile. Reload the order and check whether your change is still needed.',
    cancel_reason_required: 'Give a reason for the cancellation.',
    change_closed_not_placed: 'This order has gone to the ERP already and can no longer be changed.',
    change_closed_cut_off: (p: { until: string }) => `This order can no longer be changed: that was possible until ${p.until}.`,
    unknown_variation: (p: { id: number }) => `Article ${p.id} does not exist or is not for sale to this customer.`,
    duplicate_variation: (p: { id: number }) => `Article ${p.id} is in the change twice; add the quantities together.`,
    no_change: 'Nothing was changed.',
    unknown_article: (p: { sku: string }) => `Article number ${p.sku} is not known.`,
    no_finance_check: 'There is nothing (left) for finance to check on this order.',
  },
});
