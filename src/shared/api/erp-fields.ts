import { z } from 'zod';

/**
 * Field schemas of the ERP exchange rows (docs/erp-exchange.md, "Files"): every field comes
 * from CSV (a string) or JSON Lines (a string, number, boolean or array), so each schema accepts
 * both forms and normalises them.
 */

/** Strings are trimmed; an empty string, null or a missing field count as "not given". */
export const blankToUndefined = (value: unknown) => {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return value === null ? undefined : value;
};

export const text = (max: number) =>
  z.preprocess(blankToUndefined, z.string({ message: 'is required' }).max(max, `is longer than ${max} characters`));
export const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string({ message: 'must be text' }).max(max, `is longer than ${max} characters`).optional());

/** An ERP key: letters, digits and . _ - / (no spaces, no separators of the list fields). */
export const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;
export const key = (what: string) => text(64).pipe(z.string().regex(KEY_RE, `is not a valid ${what} (letters, digits and . _ - / only)`));
export const optionalKey = (what: string) =>
  optionalText(64).pipe(z.string().regex(KEY_RE, `is not a valid ${what} (letters, digits and . _ - / only)`).optional());

const INT_RE = /^-?\d{1,9}$/;
export const optionalInteger = (min: number, max: number, fallback: number) =>
  z.preprocess(blankToUndefined, integer(min, max).optional()).transform((value) => value ?? fallback);

export function integer(min: number, max: number) {
  return z.preprocess(blankToUndefined, z.string({ message: 'is required' })).pipe(
    z
      .string()
      .regex(INT_RE, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  );
}

/**
 * A money amount as integer cents. Accepts 12, 12.5, "12,50", "1.234,50", "1,234.50", "-3,00":
 * with both separators the last one is the decimal separator; a lone comma or dot with one or
 * two digits after it is a decimal separator; at most two decimals (no rounding).
 */
export function parseCents(raw: string): number | null {
  const value = raw.trim().replace(/^€\s*/, '');
  const match = /^(-)?(\d{1,3}(?:[.,]\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const [, minus, whole, separator, decimals] = match;
  const wholeSeparators = new Set((whole ?? '').replace(/\d/g, ''));
  // "1.234" with no decimals is ambiguous in Dutch (1234) and English (1.234): a group of three
  // digits after a single separator is read as thousands only when a decimal part follows.
  if (wholeSeparators.size > 1 || (separator && wholeSeparators.has(separator))) return null;
  if (!separator && wholeSeparators.size > 0) return null;
  const cents = Number((whole ?? '').replace(/[.,]/g, '')) * 100 + Number((decimals ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > 2_000_000_000) return null;
  return minus ? -cents : cents;
}

export const cents = (min: number) =>
  z.preprocess(blankToUndefined, z.string({ message: 'is required' })).transform((value, ctx) => {
    const parsed = parseCents(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: `is not an amount ("${value.slice(0, 20)}"; write e.g. 12,50 or 12.50)` });
      return z.NEVER;
    }
    if (parsed < min) {
      ctx.addIssue({ code: 'custom', message: `must be at least ${min / 100}` });
      return z.NEVER;
    }
    return parsed;
  });

/** A calendar date: 2026-12-31 or 31-12-2026 (also with / or .), normalised to YYYY-MM-DD. */
export function parseDate(raw: string): string | null {
  const value = raw.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900 || y > 2999) return null;
  return date.toISOString().slice(0, 10);
}

export const optionalDate = z.preprocess(blankToUndefined, z.string({ message: 'must be a date' }).optional()).transform((value, ctx) => {
  if (value === undefined) return null;
  const parsed = parseDate(value);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: `is not a date ("${value.slice(0, 20)}"; write 2026-12-31 or 31-12-2026)` });
    return z.NEVER;
  }
  return parsed;
});

const TRUE = ['1', 'true', 'yes', 'ja', 'j', 'y'];
const FALSE = ['0', 'false', 'no', 'nee', 'n'];
export const flag = (fallback: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'boolean' ? String(value) : blankToUndefined(value)),
    z.string({ message: 'must be true or false' }).optional(),
  ).transform((value, ctx) => {
    if (value === undefined) return fallback;
    const lower = value.toLowerCase();
    if (TRUE.includes(lower)) return true;
    if (FALSE.includes(lower)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false (1/0, ja/nee also do)' });
    return z.NEVER;
  });

/** A list: a JSON array, or text with the items separated by | (CSV). */
export const keyList = (what: string) =>
  z
    .preprocess((value) => {
      if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? String(item) : item));
      const given = blankToUndefined(value);
      if (given === undefined) return [];
      return typeof given === 'string' ? given.split('|').map((item) => item.trim()).filter((item) => item !== '') : given;
    }, z.array(z.string({ message: `must be a list of ${what}` }).regex(KEY_RE, `holds an invalid ${what}`), { message: `must be a list of ${what} (a|b|c)` }))
    .pipe(z.array(z.string()).max(50, 'has more than 50 items'));


export const requiredDate = z.preprocess(blankToUndefined, z.string({ message: 'is required' })).transform((value, ctx) => {
  const parsed = parseDate(value);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: `is not a date ("${value.slice(0, 20)}"; write 2026-12-31 or 31-12-2026)` });
    return z.NEVER;
  }
  return parsed;
});

/** An amount that may be left out: its default in cents then. */
export const optionalCents = (min: number, fallback: number) =>
  z.preprocess(blankToUndefined, cents(min).optional()).transform((value) => value ?? fallback);

/**
 * A percentage as basis points (12,5 → 1250): the amount rules (decimal comma or dot, at most two
 * decimals), a trailing % allowed. Empty: `fallback`, or 'is required' without one.
 */
export const optionalPercent = (min: number, max: number, fallback: number | null) =>
  z.preprocess(blankToUndefined, z.string().optional()).transform((value, ctx) => {
    if (value === undefined) {
      if (fallback !== null) return fallback;
      ctx.addIssue({ code: 'custom', message: 'is required' });
      return z.NEVER;
    }
    const parsed = parseCents(value.replace(/\s*%$/, ''));
    if (parsed === null || value.trim().startsWith('€')) {
      ctx.addIssue({ code: 'custom', message: `is not a percentage ("${value.slice(0, 20)}"; write e.g. 12,5)` });
      return z.NEVER;
    }
    if (parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `must be between ${min / 100} and ${max / 100}` });
      return z.NEVER;
    }
    return parsed;
  });

/** A percentage that must be given, as basis points (9 → 900). */
export const percent = (min: number, max: number) => optionalPercent(min, max, null);

/** A web address (http or https, a host, no spaces) that may be left out. */
export const optionalUrl = optionalText(2000).pipe(
  z
    .string()
    .regex(/^https?:\/\/[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?([/?#]\S*)?$/, 'is not a web address (http:// or https://)')
    .optional(),
);
