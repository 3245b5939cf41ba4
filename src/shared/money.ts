/**
 * Money is integer cents everywhere inside; these turn it into the two forms the API answers:
 * Commerce's decimal string ("2.45") and Dutch display text ("€ 2,45", with a no-break space as
 * Intl writes it for nl-NL).
 */
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

/**
 * An amount the API sends as a number of euros (an invoice's outstanding amount, a payment) as
 * Dutch display text: 487.65 → "€ 487,65", -25 → "€ -25,00".
 */
export function formatEuros(amount: number): string {
  return formatEuro(Math.round(amount * 100));
}

/** "2.45", "-0.50", "1234.00": Commerce sends decimal numbers as strings. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface Price {
  number: string;
  currency_code: 'EUR';
  formatted: string;
}

export function price(cents: number): Price {
  return { number: centsToDecimal(cents), currency_code: 'EUR', formatted: formatEuro(cents) };
}

/**
 * The free-delivery threshold in cents: the first whole number in the relation's text
 * ("Franco vanaf € 350,-" → 35000; Dutch thousands dots are read: "€ 1.500,-" → 150000).
 * Null when the text has no number.
 */
export function freeDeliveryThresholdCents(text: string | null | undefined): number | null {
  const match = /\d{1,3}(?:\.\d{3})+(?!\d)|\d+/.exec(text ?? '');
  if (!match) return null;
  const euros = Number(match[0].replaceAll('.', ''));
  return Number.isSafeInteger(euros * 100) ? euros * 100 : null;
}

/** A VAT rate in basis points as the fraction Commerce sends: 900 → "0.09", 2100 → "0.21". */
export function rateFraction(basisPoints: number): string {
  return String(basisPoints / 10_000);
}
