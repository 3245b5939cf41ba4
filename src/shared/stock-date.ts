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

/**
 * When new stock is expected, as a customer is told it on `today` (the shop's day, Amsterdam,
 * 'YYYY-MM-DD'): the ERP's date while it is today or later; 'soon' once it has passed (the goods
 * are late, the ERP has not sent a new date yet: "new stock expected soon", never a day gone by);
 * null when the ERP gave none. The availability JSON and the lines keep the ERP's date; the web's
 * labels and the server's messages both tell it through this rule (decision 030).
 */
export type ExpectedStock = { date: string } | 'soon' | null;

export function expectedStock(expectedDate: string | null, today: string): ExpectedStock {
  if (expectedDate === null) return null;
  // Calendar days written YYYY-MM-DD compare as text.
  return expectedDate < today ? 'soon' : { date: expectedDate };
}
