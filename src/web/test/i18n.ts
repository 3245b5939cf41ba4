import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import type { Language } from '../../shared/lang';

/** Every translation file, imported directly (no HTTP in tests). */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export const testResources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([a-z]{2})\/([a-z0-9-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng, ns] = match as unknown as [string, string, string];
  testResources[lng] = { ...testResources[lng], [ns]: content };
}

/** i18next with the real texts, ready synchronously. */
export function createTestI18n(lng: Language = 'en'): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    lng,
    fallbackLng: 'en',
    supportedLngs: ['nl', 'en'],
    resources: testResources,
    ns: Object.keys(testResources.en ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
