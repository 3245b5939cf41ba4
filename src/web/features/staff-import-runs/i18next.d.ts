import 'i18next';

import type staffImportRuns from '../../locales/en/staff-import-runs.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'staff-import-runs': typeof staffImportRuns;
  }
}
