import { describe, expect, it } from 'vitest';

import { breadcrumbTrail } from './breadcrumb-trail';

describe('breadcrumbTrail', () => {
  it('starts with the assortment and follows the path segments', () => {
    expect(breadcrumbTrail('/en/account/orders/12').map((c) => [c.path, c.known, c.linkable, c.current])).toEqual([
      ['/assortment', 'assortment', true, false],
      ['/account', 'account', true, false],
      ['/account/orders', 'orders', true, false],
      ['/account/orders/12', null, false, true],
    ]);
  });

  it('does not repeat the assortment', () => {
    expect(breadcrumbTrail('/nl/assortment/order-list').map((c) => c.path)).toEqual(['/assortment', '/assortment/order-list']);
    expect(breadcrumbTrail('/assortment')).toEqual([
      { path: '/assortment', segment: 'assortment', known: 'assortment', linkable: false, current: true },
    ]);
  });

  it('links only segments that are pages', () => {
    const crumbs = breadcrumbTrail('/en/cash-invoices/payment/9/completed');
    expect(crumbs.filter((c) => c.linkable).map((c) => c.path)).toEqual(['/assortment']);
  });

  it('leaves out the order id between the checkout and its step', () => {
    expect(breadcrumbTrail('/nl/cart/checkout/12/completed').map((c) => c.segment)).toEqual(['assortment', 'cart', 'checkout', 'completed']);
  });
});
