import 'i18next';

import type staffInvoices from '../../locales/en/staff-invoices.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'staff-invoices': typeof staffInvoices;
  }
}
