import { deliveryDateProblem, type DeliveryDateProblem, earliestDeliveryDate, formatDeliveryDate } from '../../../../shared/delivery-date';
import type { DbOrTx } from '../../../db/client';
import type { AddressSnapshot } from '../../../db/schema';
import { AppError, badRequest, type FieldError } from '../../../errors';
import { joinLocalized, type Localized, localized } from '../../../i18n';
import type { Lang } from '../../../plugins/language';
import type { PricedCart } from '../cart/cart.service';
import { multipleProblemsOf } from '../cart/order-multiple';
import { CHECKOUT_MESSAGES } from './checkout.messages';
import * as repo from './checkout.repository';
import * as addresses from '../../account/addresses.service';

/** The checks of a checkout's choices before placing (spec section 5), whatever the web checked. */

function dateText(problem: DeliveryDateProblem, earliest: string): Localized {
  return problem === 'too_early'
    ? localized(CHECKOUT_MESSAGES, 'delivery_date_too_early', { earliest: formatDeliveryDate(earliest) })
    : localized(CHECKOUT_MESSAGES, `delivery_date_${problem}`);
}

/** A refusal of a missing or wrong checkout choice: its code and text, on its field. */
const missing = (field: string, code: 'terms_not_accepted' | 'no_shipping_method' | 'no_payment_method' | 'no_delivery_date' | 'no_delivery_address' | 'cart_empty' | 'po_reference_required') => ({
  field,
  code,
  message: localized(CHECKOUT_MESSAGES, code),
});

/** The refusal of a requested delivery date at `now`, or null when the relation can have it. */
export function dateProblem(date: string, relation: PricedCart['relation'], now: Date): AppError | null {
  const problem = deliveryDateProblem(date, now, relation.deliveryDays);
  if (!problem) return null;
  const message = dateText(problem, earliestDeliveryDate(now, relation.deliveryDays));
  return badRequest(`delivery_date_${problem}`, message, [{ field: 'date', message }]);
}

/** The relation's own address: where its invoices go, and its goods when it has no delivery addresses. */
export function relationAddress(relation: PricedCart['relation']): AddressSnapshot {
  return { name: relation.name, address_line1: relation.addressLine1, postal_code: relation.postalCode, locality: relation.locality, country_code: relation.countryCode };
}

/** Everything placing needs: the payment method, delivery address and shipping method, or a 400 naming every gap. */
export async function validateForPlacing(tx: DbOrTx, priced: PricedCart, termsAccepted: boolean, lang: Lang, now: Date) {
  const { draft, relation } = priced;
  const errors: Array<FieldError & { code: string; message: Localized }> = [];
  if (!termsAccepted) errors.push(missing('terms_accepted', 'terms_not_accepted'));
  if (!draft.shippingMethodId || !priced.shipping) errors.push(missing('shipping_method', 'no_shipping_method'));
  const payment = draft.paymentMethodId ? await repo.findPaymentMethod(tx, draft.paymentMethodId, lang) : undefined;
  if (!payment) errors.push(missing('payment_method', 'no_payment_method'));
  if (!draft.reqDlvDate) {
    errors.push(missing('req_dlv_date', 'no_delivery_date'));
  } else {
    const problem = dateProblem(draft.reqDlvDate, relation, now);
    if (problem) errors.push({ field: 'req_dlv_date', code: problem.code, message: problem.text as Localized });
  }
  let address: AddressSnapshot | null = null;
  if (draft.deliveryAddressId !== null) {
    const found = await addresses.findRelationAddress(tx, relation.id, draft.deliveryAddressId);
    if (found) {
      address = { name: relation.name, label: found.label, profile_id: found.id, address_line1: found.addressLine1, postal_code: found.postalCode, locality: found.locality, country_code: found.countryCode };
    }
  } else if ((await addresses.countRelationAddresses(tx, relation.id)) === 0) {
    // A relation without delivery addresses gets its goods at its own address.
    address = relationAddress(relation);
  }
  if (!address) errors.push(missing('shipping_profile', 'no_delivery_address'));
  if (relation.poReferenceRequired && !draft.poReference) errors.push(missing('po_reference', 'po_reference_required'));
  if (priced.lines.length === 0) errors.push(missing('order_items', 'cart_empty'));
  errors.push(...multipleProblemsOf(priced.lines));
  if (errors.length > 0) {
    const text = joinLocalized(errors.map((e) => e.message), '. ');
    throw new AppError(400, errors.length === 1 ? errors[0]!.code : 'checkout_incomplete', text, errors.map(({ field, message }) => ({ field, message })));
  }
  return { payment: payment!, address: address!, shipping: priced.shipping! };
}
