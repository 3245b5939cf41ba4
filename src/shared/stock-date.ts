/**
 * An expected stock date (YYYY-MM-DD, a calendar day) as a customer reads it: "12 januari 2027" in
 * Dutch, "12 January 2027" in English. Used by the server's messages and the web's labels alike.
 */
const formats = {
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
} as const;

export function formatStockDate(day: string, lang: 'nl' | 'en'): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : formats[lang].format(at);
}
