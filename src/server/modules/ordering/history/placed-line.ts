import type { LineBackorder } from '../../../../shared/api/availability';
import type { OrderLineUnit } from '../../../../shared/api/checkout';
import type { SalesUnitCode } from '../../../../shared/api/sales-units';
import { defineMessages, textIn } from '../../../i18n';
import type { Lang } from '../../../plugins/language';

/**
 * What a placed order line kept of its sales unit and backorder (decisions 029 and 030), as the
 * order pages and the confirmation mail tell it: kept at placing, so a later ERP change of the
 * article does not rewrite what was sold.
 */
export interface PlacedLineInfo {
  /** Null: placed before the unit was kept (read as a piece). */
  salesUnit: SalesUnitCode | null;
  unitContentNl: string | null;
  unitContentEn: string | null;
  backorderQuantity: number;
  backorderExpectedDate: string | null;
}

/** The line's unit in the language (English falls back to Dutch), or null when it says no more than a piece. */
export function placedLineUnit(line: PlacedLineInfo, lang: Lang): OrderLineUnit | null {
  const content = lang === 'en' ? (line.unitContentEn ?? line.unitContentNl) : line.unitContentNl;
  if (line.salesUnit === null || (line.salesUnit === 'piece' && content === null)) return null;
  return { code: line.salesUnit, content };
}

/** The part of the line that was a backorder at placing, or null. */
export const placedLineBackorder = (line: PlacedLineInfo): LineBackorder | null =>
  line.backorderQuantity > 0 ? { quantity: line.backorderQuantity, expected_date: line.backorderExpectedDate } : null;

type Count = { count: number };
const plural = (one: string, other: string) => (p: Count) => `${p.count} ${p.count === 1 ? one : other}`;

/** A quantity in its unit, per unit code: "2 dozen", "2 cases" (the web's `cart:unitCount.*`). */
const UNIT_COUNT = defineMessages({
  nl: {
    piece: plural('stuk', 'stuks'),
    pack: plural('pak', 'pakken'),
    case: plural('doos', 'dozen'),
    crate: plural('krat', 'kratten'),
    tray: plural('tray', 'trays'),
    bag: plural('zak', 'zakken'),
    bottle: plural('fles', 'flessen'),
    can: plural('blik', 'blikken'),
    jar: plural('pot', 'potten'),
    bucket: plural('emmer', 'emmers'),
    kg: plural('kg', 'kg'),
    litre: plural('liter', 'liter'),
  },
  en: {
    piece: plural('piece', 'pieces'),
    pack: plural('pack', 'packs'),
    case: plural('case', 'cases'),
    crate: plural('crate', 'crates'),
    tray: plural('tray', 'trays'),
    bag: plural('bag', 'bags'),
    bottle: plural('bottle', 'bottles'),
    can: plural('can', 'cans'),
    jar: plural('jar', 'jars'),
    bucket: plural('bucket', 'buckets'),
    kg: plural('kg', 'kg'),
    litre: plural('litre', 'litres'),
  },
});

/** "2 dozen · doos van 6 × 50" / "2 cases · case of 6 × 50"; null for a line that says no more than pieces. */
export function unitQuantityText(quantity: number, unit: OrderLineUnit | null, lang: Lang): string | null {
  if (unit === null) return null;
  const count = textIn(lang, UNIT_COUNT, unit.code, { count: quantity });
  return unit.content ? `${count} · ${unit.content}` : count;
}
