import type { Language } from '../../../../../shared/lang';

const locale = (lang: Language) => (lang === 'nl' ? 'nl-NL' : 'en-GB');

/** An ISO 3166-1 alpha-2 code as the country's name in the UI language ("MX" → "Mexico"). */
export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([locale(lang)], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    // Not a region code Intl knows: show it as it came.
    return code;
  }
}
