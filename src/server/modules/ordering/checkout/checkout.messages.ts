import { defineMessages } from '../../../i18n';

/**
 * Errors of the checkout calls (keys are the codes), in the language of the request; the English
 * of the first three is the spec's (section 5).
 */
export const CHECKOUT_MESSAGES = defineMessages({
  nl: {
    terms_not_accepted: 'Bevestig dat je akkoord gaat met onze leveringsvoorwaarden',
    no_shipping_method: 'Kies een verzendmethode',
    no_payment_method: 'Kies een betaalmethode',
    no_delivery_date: 'Kies een leverdatum',
    no_delivery_address: 'Kies een van je afleveradressen',
    po_reference_required: 'Vul je referentie (inkoopordernummer) in: je bedrijf heeft die bij elke bestelling nodig',
    cart_empty: 'Je winkelwagen is leeg',
    delivery_date_not_a_date: 'De leverdatum is geen geldige datum (JJJJ-MM-DD).',
    delivery_date_too_early: (p: { earliest: string }) => `De vroegst mogelijke leverdatum is ${p.earliest}.`,
    delivery_date_too_late: 'De leverdatum ligt te ver vooruit: kies een datum binnen 90 dagen.',
    delivery_date_not_a_delivery_day: 'Op die dag van de week leveren we niet bij je.',
    unknown_shipping_method: (p: { method: string }) => `Er is geen verzendmethode '${p.method}'.`,
    unknown_payment_method: (p: { method: string }) => `Er is geen betaalmethode '${p.method}'.`,
    address_not_found: (p: { id: number }) => `Afleveradres ${p.id} is niet een van je adressen.`,
    online_payment: (p: { label: string }) => `${p.label} wordt online betaald: start de betaling.`,
    online_payment_field: (p: { label: string }) => `${p.label} wordt online betaald.`,
    order_closed: 'Deze bestelling kan niet meer worden geplaatst.',
  },
  en: {
    terms_not_accepted: 'Please confirm you accept our delivery terms',
    no_shipping_method: 'Please choose a shipping method',
    no_payment_method: 'Please choose a payment method',
    no_delivery_date: 'Please choose a delivery date',
    no_delivery_address: 'Please choose one of your delivery addresses',
    po_reference_required: 'Please fill in your reference (purchase order number): your company needs it on every order',
    cart_empty: 'Your cart is empty',
    delivery_date_not_a_date: 'The delivery date is not a valid date (YYYY-MM-DD).',
    delivery_date_too_early: (p: { earliest: string }) => `The earliest delivery date is ${p.earliest}.`,
    delivery_date_too_late: 'The delivery date is too far ahead: choose a date within 90 days.',
    delivery_date_not_a_delivery_day: 'We do not deliver to you on that day of the week.',
    unknown_shipping_method: (p: { method: string }) => `There is no shipping method '${p.method}'.`,
    unknown_payment_method: (p: { method: string }) => `There is no payment method '${p.method}'.`,
    address_not_found: (p: { id: number }) => `Delivery address ${p.id} is not one of your addresses.`,
    online_payment: (p: { label: string }) => `${p.label} is paid online: start the payment instead.`,
    online_payment_field: (p: { label: string }) => `${p.label} is paid online.`,
    order_closed: 'This order cannot be placed any more.',
  },
});
