import { type ComponentProps, lazy, Suspense } from 'react';

import { isMultipleOf } from '../../../shared/sales-unit';

import { unitSaysMore } from './sales-unit';
import type { MultipleOffer, SalesUnitInfo } from './sales-unit-info';

/**
 * The card's sales unit line and the offer of the next multiple load after the first page, and only
 * when there is something to show (page weight, decision 012), as the card's food marks do.
 */
const Info = lazy(() => import('./sales-unit-info').then((module) => ({ default: module.SalesUnitInfo })));
const Offer = lazy(() => import('./sales-unit-info').then((module) => ({ default: module.MultipleOffer })));

export function LazySalesUnitInfo(props: ComponentProps<typeof SalesUnitInfo>) {
  if (!unitSaysMore(props.unit, props.perPiece)) return null;
  return (
    <Suspense fallback={null}>
      <Info {...props} />
    </Suspense>
  );
}

export function LazyMultipleOffer(props: ComponentProps<typeof MultipleOffer>) {
  if (isMultipleOf(props.quantity, props.multiple)) return null;
  return (
    <Suspense fallback={null}>
      <Offer {...props} />
    </Suspense>
  );
}
