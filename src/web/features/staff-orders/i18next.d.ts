import 'i18next';

import type staffOrders from '../../locales/en/staff-orders.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'staff-orders': typeof staffOrders;
  }
}
