import 'i18next';

import type staffCustomer from '../../locales/en/staff-customer.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'staff-customer': typeof staffCustomer;
  }
}
