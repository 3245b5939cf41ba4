import { expect, type Page } from '@playwright/test';

import type { OrderResponse } from '../src/shared/api/checkout';
import type { CashInvoice, OpenInvoicesResponse, OrderListResponse } from '../src/shared/api/orders';

/** The logged-in user's orders and invoices through the API, as the specs of My orders read them. */

const prefix = (lang: 'nl' | 'en') => (lang === 'en' ? '/en' : '');

export async function userIdOf(page: Page): Promise<number> {
  const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('current_user') ?? 'null') as { id?: number } | null)?.id);
  expect(id, 'a logged-in page keeps the current user').toBeTruthy();
  return id ?? 0;
}

/** One page of the user's orders through the API, with the filters of spec section 7. */
export async function ordersAs(page: Page, pageNumber = 1, perPage = 15): Promise<OrderListResponse> {
  const user = await userIdOf(page);
  const res = await page.request.get('/backend/jsonapi/commerce_order/default', {
    params: {
      'filter[uid.meta.drupal_internal__target_id]': String(user),
      'filter[state][condition][path]': 'state',
      'filter[state][condition][operator]': 'NOT IN',
      'filter[state][condition][value][]': 'draft',
      sort: '-placed',
      'page[offset]': String(perPage * (pageNumber - 1)),
      'page[limit]': String(perPage),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderListResponse;
}

export async function openInvoicesAs(page: Page): Promise<CashInvoice[]> {
  const res = await page.request.get(`/backend/api/cash-invoice/user/${await userIdOf(page)}/relation/open-invoices`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as OpenInvoicesResponse).data.data;
}

export async function orderAs(page: Page, uuid: string, lang: 'nl' | 'en'): Promise<OrderResponse['data']> {
  const res = await page.request.get(`/backend${prefix(lang)}/jsonapi/commerce_order/default/${uuid}?jsonapi_include=1`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as OrderResponse).data;
}
