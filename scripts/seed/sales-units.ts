import type { SalesUnitCode } from '../../src/shared/api/sales-units';
import type { Pack } from './catalogue-types';

/**
 * Sales units of the demo data (decision 029), read from a product's pack ("6 x 50 stuks"): what
 * one unit of its quantity and price is, what it holds, how many pieces that are and its order
 * multiple. Tortillas come by the case (a case of 6 × 50: € … / doos · € … / stuk), the corn
 * small corn tortillas in 12 packs of 30 per pack in multiples of 6 (and from 6: their scaled
 * prices start at the multiple, see alignPricesToMultiples); small spice jars by the piece;
 * drinks by the crate (glass), the tray (cans) or the case, as their deposits (deposits.ts) are.
 * `priceDivisor`: the leaf's price is for the whole pack, so a unit that is one piece of it costs
 * that divided by the pieces.
 */
export interface DemoSalesUnit {
  salesUnit: SalesUnitCode;
  unitContentNl: string | null;
  unitContentEn: string | null;
  piecesPerUnit: number | null;
  orderMultiple: number;
  priceDivisor: number;
}

const TORTILLAS_GROUP = '10';
const SPICES_GROUP = '15';
const DRINKS_GROUP = '17';

const unit = (salesUnit: SalesUnitCode, nl: string | null, en: string | null, pieces: number | null, multiple = 1, divisor = 1): DemoSalesUnit => ({
  salesUnit,
  unitContentNl: nl,
  unitContentEn: en,
  piecesPerUnit: pieces,
  orderMultiple: multiple,
  priceDivisor: divisor,
});

/** The sales unit of a pack of a leaf (`leafKey` within the group `groupKey`) of an item (its Dutch name). */
export function salesUnitOfPack(groupKey: string, leafKey: string, pack: Pack, itemName = ''): DemoSalesUnit {
  const [nl, en] = pack;
  const match = /^(\d+) x (.+)$/.exec(nl);
  const matchEn = /^(\d+) x (.+)$/.exec(en);
  if (!match || !matchEn) {
    if (/^fust/.test(nl)) return unit('piece', 'fust van 20 l', 'keg of 20 l', null);
    const box = /^doos à (\d+) stuks$/.exec(nl);
    if (box) return unit('case', `doos van ${box[1]} stuks`, `box of ${box[1]}`, Number(box[1]));
    return unit('piece', null, null, null);
  }
  const count = Number(match[1]);
  const [itemNl, itemEn] = [match[2]!, matchEn[2]!];
  const perPiece = /^(\d+) stuks$/.exec(itemNl);
  const pieces = perPiece ? count * Number(perPiece[1]) : count;
  // Small (12 cm) corn tortillas in 12 packs of 30 go per pack, in multiples of 6 (taquerias buy half cases).
  if (groupKey === TORTILLAS_GROUP && leafKey === '10' && count === 12 && perPiece && / 12 cm$/.test(itemName)) {
    return unit('pack', `pak van ${perPiece[1]} stuks`, `pack of ${perPiece[1]} pieces`, Number(perPiece[1]), 6, 12);
  }
  if (groupKey === SPICES_GROUP && count === 10) return unit('piece', `potje van ${itemNl}`, `jar of ${itemEn}`, null, 1, 10);
  if (count === 1 && perPiece) return unit('case', `doos van ${pieces} stuks`, `case of ${pieces} pieces`, pieces);
  if (count === 1) return unit('piece', itemNl, itemEn, null);
  if (groupKey === DRINKS_GROUP && / blik$/.test(itemNl)) return unit('tray', `tray van ${count} × ${itemNl.replace(/ blik$/, '')}`, `tray of ${count} × ${itemEn.replace(/ can$/, '')}`, count);
  if (groupKey === DRINKS_GROUP && /^(355|370) ml$/.test(itemNl)) return unit('crate', `krat van ${count} × ${itemNl}`, `crate of ${count} × ${itemEn}`, count);
  return unit('case', `doos van ${count} × ${itemNl}`, `case of ${count} × ${itemEn}`, pieces);
}

/**
 * An article sold in multiples starts its scaled prices at its multiple (6 packs from € …): a
 * price from a smaller quantity moves up to the multiple, or goes where the list has a price from
 * the multiple already. So the demo's minimum quantities are multiples too.
 */
export function alignPricesToMultiples<P extends { pricelist: string; variationId: number; minQuantity?: number; validFrom?: string | null }>(
  prices: P[],
  multiples: ReadonlyMap<number, number>,
): P[] {
  const key = (p: P, from: number) => `${p.pricelist}:${p.variationId}:${from}:${p.validFrom ?? ''}`;
  const has = new Set(prices.map((p) => key(p, p.minQuantity ?? 1)));
  return prices.flatMap((p) => {
    const multiple = multiples.get(p.variationId) ?? 1;
    if ((p.minQuantity ?? 1) >= multiple) return [p];
    return has.has(key(p, multiple)) ? [] : [{ ...p, minQuantity: multiple }];
  });
}
