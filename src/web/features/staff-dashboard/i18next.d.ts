import 'i18next';

import type staffDashboard from '../../locales/en/staff-dashboard.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'staff-dashboard': typeof staffDashboard;
  }
}
