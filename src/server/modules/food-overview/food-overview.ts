import { ALLERGENS, type Allergen, type AllergenLevel } from '../../../shared/api/food';
import { FOOD_OVERVIEW_DAYS, FOOD_OVERVIEW_MAX_YEARS, type FoodOverviewQuery } from '../../../shared/api/food-overview';
import { addDays, amsterdamClock } from '../../../shared/delivery-date';
import { badRequest } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { FOOD_OVERVIEW_MESSAGES } from './food-overview.messages';
import type { BoughtProduct } from '../ordering/ordering.service';
import type { FoodTexts } from '../catalog/catalog-sql.service';

/** The rules of the overview: its period and its rows, in the caller's language. Pure. */

export interface Period {
  /** YYYY-MM-DD, both included (Amsterdam days). */
  from: string;
  to: string;
  /** The moments the period starts and ends (the start of the day after `to`). */
  start: Date;
  end: Date;
}

/** The moment an Amsterdam day starts (midnight; Amsterdam is UTC+1 or UTC+2). */
export function startOfAmsterdamDay(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [1, 2, 0]) {
    const at = new Date(midnightUtc - hours * 3_600_000);
    const clock = amsterdamClock(at);
    if (clock.day === day && clock.hour === 0) return at;
  }
  throw new RangeError(`no start of day for ${day}`);
}

function addYears(day: string, years: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/**
 * The period asked for: by default the last 90 days up to today; a `from` alone runs to today,
 * a `to` alone starts 89 days before it. Refused (400, in the caller's language) when it starts
 * after it ends or runs over two years.
 */
export function periodOf(query: Pick<FoodOverviewQuery, 'from' | 'to'>, now: Date): Period {
  const to = query.to ?? amsterdamClock(now).day;
  const from = query.from ?? addDays(to, -(FOOD_OVERVIEW_DAYS - 1));
  if (from > to) throw badRequest('period_reversed', localized(FOOD_OVERVIEW_MESSAGES, 'period_reversed'));
  if (to > addYears(from, FOOD_OVERVIEW_MAX_YEARS)) {
    throw badRequest('period_too_long', localized(FOOD_OVERVIEW_MESSAGES, 'period_too_long', { years: FOOD_OVERVIEW_MAX_YEARS }));
  }
  return { from, to, start: startOfAmsterdamDay(from), end: startOfAmsterdamDay(addDays(to, 1)) };
}

/** A run of ingredient text, bold where the source emphasises an allergen. */
export interface TextRun {
  text: string;
  bold: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The sanitised ingredients HTML as runs of text: <strong> and <b> are bold, other tags dropped. */
export function ingredientRuns(html: string): TextRun[] {
  const runs: TextRun[] = [];
  let depth = 0;
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      const tag = /^<\s*(\/?)\s*([a-z0-9]+)/i.exec(part);
      if (!tag) continue;
      const name = tag[2]!.toLowerCase();
      if (name === 'strong' || name === 'b') depth = Math.max(0, depth + (tag[1] ? -1 : 1));
      else if (name === 'br' || name === 'p' || name === 'li') runs.push({ text: ' ', bold: false });
      continue;
    }
    const text = decode(part).replace(/\s+/g, ' ');
    if (text) runs.push({ text, bold: depth > 0 });
  }
  // Neighbouring runs of one weight joined, spaces tidied at the ends.
  const joined: TextRun[] = [];
  for (const run of runs) {
    const last = joined.at(-1);
    if (last && last.bold === run.bold) last.text = (last.text + run.text).replace(/ {2,}/g, ' ');
    else joined.push({ ...run });
  }
  if (joined[0]) joined[0].text = joined[0].text.trimStart();
  if (joined.at(-1)) joined.at(-1)!.text = joined.at(-1)!.text.trimEnd();
  return joined.filter((r) => r.text !== '');
}

/** The ingredients as plain text (CSV, workbook). */
export const plainIngredients = (html: string): string => ingredientRuns(html).map((r) => r.text).join('');

/** One product of the overview, in the caller's language. */
export interface OverviewRow {
  skus: string[];
  name: string;
  legalName: string | null;
  /** Null: no ingredients given. */
  ingredients: TextRun[] | null;
  /** Every one of the 14 allergens in Annex II order; null: unknown (never shown as free). */
  allergens: Array<{ allergen: Allergen; level: AllergenLevel | null }>;
}

/** The rows of the overview, sorted by name (then article number) in the caller's language. */
export function overviewRows(
  purchased: readonly BoughtProduct[],
  texts: readonly FoodTexts[],
  levels: ReadonlyArray<{ productId: number; allergen: Allergen; level: AllergenLevel }>,
  lang: Lang,
): OverviewRow[] {
  const textOf = new Map(texts.map((t) => [t.productId, t]));
  const levelOf = new Map(levels.map((l) => [`${l.productId}:${l.allergen}`, l.level]));
  const rows = purchased.map((p): OverviewRow => {
    const food = textOf.get(p.productId);
    const ingredients = (lang === 'en' ? food?.ingredientsEn : food?.ingredientsNl) ?? null;
    const runs = ingredients === null ? null : ingredientRuns(ingredients);
    return {
      skus: p.skus,
      name: lang === 'en' ? p.titleEn : p.titleNl,
      legalName: (lang === 'en' ? food?.legalNameEn : food?.legalNameNl) ?? null,
      ingredients: runs && runs.length > 0 ? runs : null,
      allergens: ALLERGENS.map((allergen) => ({ allergen, level: levelOf.get(`${p.productId}:${allergen}`) ?? null })),
    };
  });
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'nl', { sensitivity: 'base', numeric: true });
  return rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.skus.join(), b.skus.join()));
}

/** A day as people read it: "23 november 2026" / "23 November 2026". */
export function formatDay(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
