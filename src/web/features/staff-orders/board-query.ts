import { BOARD_PAYMENT_METHODS, BOARD_STATES, type BoardPaymentMethod, type BoardState } from '../../../shared/api/staff-orders';
import { pageParam } from '../../lib/page-param';

/** The board's filters as the page keeps them in its address (the back button goes back a filter). */
export interface BoardParams {
  states: BoardState[];
  deliveryFrom: string;
  deliveryUntil: string;
  /** A relation's uuid (the customer page links here with ?customer=). */
  customer: string;
  paymentMethod: BoardPaymentMethod | '';
  q: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isState = (value: string): value is BoardState => (BOARD_STATES as readonly string[]).includes(value);
const isMethod = (value: string): value is BoardPaymentMethod => (BOARD_PAYMENT_METHODS as readonly string[]).includes(value);

/** The filters in an address; what is not understood is left out (the server would refuse it). */
export function boardParamsOf(search: URLSearchParams): BoardParams {
  const states = search.getAll('state').flatMap((s) => s.split(',')).filter(isState);
  const day = (key: string) => {
    const value = search.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  const method = search.get('payment_method') ?? '';
  return {
    states: [...new Set(states)],
    deliveryFrom: day('delivery_from'),
    deliveryUntil: day('delivery_until'),
    customer: /^[0-9a-f-]{36}$/i.test(search.get('customer') ?? '') ? (search.get('customer') ?? '') : '',
    paymentMethod: isMethod(method) ? method : '',
    q: (search.get('q') ?? '').slice(0, 100),
    page: pageParam(search.get('page')),
  };
}

/** The API's query of the filters (the page's address uses the same names); empty ones left out. */
export function boardQueryOf(params: BoardParams, { page = true } = {}): Record<string, string> {
  const query: Record<string, string> = {};
  if (params.states.length > 0) query.state = params.states.join(',');
  if (params.deliveryFrom) query.delivery_from = params.deliveryFrom;
  if (params.deliveryUntil) query.delivery_until = params.deliveryUntil;
  if (params.customer) query.customer = params.customer;
  if (params.paymentMethod) query.payment_method = params.paymentMethod;
  if (params.q) query.q = params.q;
  if (page && params.page > 1) query.page = String(params.page);
  return query;
}
