import { defineMessages } from '../../i18n';

/**
 * Messages of the payment calls that a payer reads (return pages, toasts, the payment link
 * page), in the language of the request or of the payment link: English under /en, Dutch
 * otherwise. Also the descriptions the provider shows on its checkout page. The snake_case keys
 * are error codes of payments.service.ts (its errors take `localized(PAYMENT_MESSAGES, code)`).
 */
export const PAYMENT_MESSAGES = defineMessages({
  nl: {
    paid: 'Je betaling is ontvangen. Dank je wel!',
    waiting: 'We wachten op de bevestiging van je betaling…',
    failed: 'Je betaling is mislukt. Probeer het opnieuw of kies een andere betaalmethode.',
    canceled: 'Je hebt de betaling geannuleerd. Je winkelwagen staat nog klaar.',
    expired: 'Je betaling is verlopen. Probeer het opnieuw.',
    none: 'Er is geen betaling voor deze bestelling gevonden.',
    description: (shop: string, n: string) => `${shop} bestelling ${n}`,
    invoicesDescription: (shop: string, numbers: string) => `${shop} facturen ${numbers}`,
    invoiceDescription: (shop: string, number: string) => `${shop} factuur ${number}`,
    invoice_paid: 'Deze factuur is al betaald.',
    credit_not_payable: 'Een creditfactuur kan niet worden betaald.',
    invoiceNone: 'Er is geen betaling voor deze factuur gevonden.',
    nothing_to_pay: 'Deze relatie heeft geen openstaande facturen om te betalen.',
    order_closed: 'Deze bestelling is al geplaatst.',
    not_online: (label: string) => `${label} wordt niet online betaald: plaats de bestelling.`,
    linkFailed: 'De betaling is mislukt. Open de betaallink opnieuw om het nog eens te proberen.',
    linkCanceled: 'Je hebt de betaling geannuleerd. Open de betaallink opnieuw om alsnog te betalen.',
    linkExpired: 'De betaling is verlopen. Open de betaallink opnieuw om het nog eens te proberen.',
    invoiceFailed: 'De betaling van de factuur is mislukt. Probeer het opnieuw.',
    invoiceCanceled: 'Je hebt de betaling van de factuur geannuleerd. De factuur staat nog open.',
    invoiceExpired: 'De betaling van de factuur is verlopen. Probeer het opnieuw.',
    alreadyPaid: 'Deze facturen zijn al betaald. Er hoeft niets meer betaald te worden.',
    unknownLink: 'Deze betaallink bestaat niet (meer).',
    payment_not_created: 'Er is iets misgegaan bij het starten van de betaling. Probeer het over een paar minuten opnieuw.',
    payment_underway: 'Er wordt al een betaling voor deze bestelling gestart. Wacht even en probeer het opnieuw.',
    no_relation: 'Geef de relatie op (relation_id).',
    review_amount_mismatch:
      'We hebben je betaling ontvangen, maar het bedrag komt niet overeen met je bestelling zoals die nu is (je winkelwagen of de prijzen zijn intussen veranderd). Je bestelling is daarom nog niet geplaatst: we nemen contact met je op en verrekenen het betaalde bedrag.',
    review_not_placeable:
      'We hebben je betaling ontvangen, maar je bestelling kon niet worden geplaatst. We nemen contact met je op en verrekenen het betaalde bedrag.',
    review_order_already_placed:
      'We hebben je betaling ontvangen, maar deze bestelling was al geplaatst en betaald. We nemen contact met je op en verrekenen het dubbel betaalde bedrag.',
    review_paid_after_final:
      'We hebben je betaling ontvangen nadat die als afgebroken was afgesloten. We nemen contact met je op en verrekenen het betaalde bedrag.',
    payment_link_staff_only: 'Alleen medewerkers kunnen betaallinks maken.',
    order_not_found: 'Geen bestelling gevonden',
    invoice_not_found: 'Factuur niet gevonden.',
    payment_not_found: 'Geen betaling gevonden.',
    user_not_found: 'Deze gebruiker bestaat niet.',
    relation_not_found: 'Deze relatie bestaat niet.',
  },
  en: {
    paid: 'Your payment has been received. Thank you!',
    waiting: 'We are waiting for the confirmation of your payment…',
    failed: 'Your payment has failed. Please try again or choose another payment method.',
    canceled: 'You canceled the payment. Your cart is still there.',
    expired: 'Your payment has expired. Please try again.',
    none: 'No payment was found for this order.',
    description: (shop: string, n: string) => `${shop} order ${n}`,
    invoicesDescription: (shop: string, numbers: string) => `${shop} invoices ${numbers}`,
    invoiceDescription: (shop: string, number: string) => `${shop} invoice ${number}`,
    invoice_paid: 'This invoice has been paid already.',
    credit_not_payable: 'A credit cannot be paid.',
    invoiceNone: 'No payment was found for this invoice.',
    nothing_to_pay: 'This relation has no open invoices to pay.',
    order_closed: 'This order has been placed already.',
    not_online: (label: string) => `${label} is not paid online: place the order instead.`,
    linkFailed: 'The payment has failed. Open the payment link again to try once more.',
    linkCanceled: 'You canceled the payment. Open the payment link again to pay after all.',
    linkExpired: 'The payment has expired. Open the payment link again to try once more.',
    invoiceFailed: 'The payment of the invoice has failed. Please try again.',
    invoiceCanceled: 'You canceled the payment of the invoice. The invoice is still open.',
    invoiceExpired: 'The payment of the invoice has expired. Please try again.',
    alreadyPaid: 'These invoices have been paid already. There is nothing left to pay.',
    unknownLink: 'This payment link does not exist (any more).',
    payment_not_created: 'Something went wrong',
    payment_underway: 'A payment for this order is being started. Please wait a moment and try again.',
    no_relation: 'Name the relation (relation_id).',
    review_amount_mismatch:
      'We have received your payment, but the amount does not match your order as it is now (your cart or the prices changed in the meantime). Your order has therefore not been placed yet: we will contact you and settle the amount paid.',
    review_not_placeable: 'We have received your payment, but your order could not be placed. We will contact you and settle the amount paid.',
    review_order_already_placed:
      'We have received your payment, but this order had already been placed and paid. We will contact you and settle the amount paid twice.',
    review_paid_after_final: 'We have received your payment after it had been closed as unfinished. We will contact you and settle the amount paid.',
    payment_link_staff_only: 'Only staff can make payment links.',
    order_not_found: 'No order found',
    invoice_not_found: 'Invoice not found.',
    payment_not_found: 'No payment found.',
    user_not_found: 'No such user.',
    relation_not_found: 'There is no such relation.',
  },
});
