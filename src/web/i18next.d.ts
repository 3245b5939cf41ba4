import 'i18next';

import type account from './locales/en/account.json';
import type auth from './locales/en/auth.json';
import type cart from './locales/en/cart.json';
import type catalog from './locales/en/catalog.json';
import type checkout from './locales/en/checkout.json';
import type common from './locales/en/common.json';
import type errors from './locales/en/errors.json';
import type layout from './locales/en/layout.json';
import type orders from './locales/en/orders.json';
import type payments from './locales/en/payments.json';
import type quickOrder from './locales/en/quick-order.json';
import type staff from './locales/en/staff.json';
import type staffAudit from './locales/en/staff-audit.json';
import type staffLayout from './locales/en/staff-layout.json';
import type staffOrder from './locales/en/staff-order.json';

// Typed keys: t('pages.cart') is checked against the English files. A feature that adds a
// namespace adds it here (or augments ResourceNamespaceMap in its own .d.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
  interface ResourceNamespaceMap {
    common: typeof common;
    layout: typeof layout;
    auth: typeof auth;
    account: typeof account;
    errors: typeof errors;
    staff: typeof staff;
    'staff-layout': typeof staffLayout;
    'staff-audit': typeof staffAudit;
    'staff-order': typeof staffOrder;
    catalog: typeof catalog;
    cart: typeof cart;
    checkout: typeof checkout;
    payments: typeof payments;
    orders: typeof orders;
    'quick-order': typeof quickOrder;
  }
}
