import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { languages, type Language } from '../../shared/lang';
import { localeBackend } from './locale-backend';

/** Namespaces every page needs; the others load with the page that uses them. */
export const preloadNamespaces = ['common', 'layout'] as const;

export function setDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * i18next for the browser: translations are fetched from /locales/{lng}/{ns}.json (built from
 * src/web/locales), components suspend until their namespaces are there.
 */
export function createI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  const version = import.meta.env.VITE_LOCALES_VERSION;
  instance.use(localeBackend(import.meta.env.BASE_URL, version)).use(initReactI18next);
  instance.on('languageChanged', setDocumentLanguage);
  void instance.init({
    lng,
    // nl and en hold the same keys (locales/locales.test.ts), so no second language is fetched as a fallback
    fallbackLng: false,
    supportedLngs: [...languages],
    load: 'languageOnly',
    ns: [...preloadNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: true },
  });
  setDocumentLanguage(lng);
  return instance;
}
