import { amsterdamClock, CUTOFF_HOUR, dayBefore, earliestDeliveryDate } from '../../../../shared/delivery-date';
import type { OrderState } from '../order-state';

/**
 * Until when staff may change an order (issue 42, point 5): while it has not gone to the ERP
 * (state `placed`) and its delivery date may still be asked for (the delivery date rule of
 * shared/delivery-date.ts: from 14:00 in Amsterdam the lead time is two days), whichever ends first.
 */

export type ChangeClosed = 'not_placed' | 'cut_off';

/** The moment the rule stops offering `day`: 14:00 in Amsterdam on the day before. */
export function cutOffOf(day: string): Date {
  const before = dayBefore(day);
  const hour = CUTOFF_HOUR + 1;
  // Amsterdam is one or two hours ahead of UTC; the right one reads back as 14:00 on that day.
  for (const offset of [1, 2]) {
    const at = new Date(`${before}T${String(hour - offset).padStart(2, '0')}:00:00Z`);
    const clock = amsterdamClock(at);
    if (clock.day === before && clock.hour === hour) return at;
  }
  throw new RangeError(`no cut-off for ${day}`);
}

export interface ChangeWindow {
  allowed: boolean;
  until: Date | null;
  closed: ChangeClosed | null;
}

/** Whether an order in `state` for `deliveryDate` may be changed at `now`, and until when. */
export function changeWindow(state: OrderState, deliveryDate: string | null, now: Date, deliveryDays: readonly string[] | null): ChangeWindow {
  if (state !== 'placed') return { allowed: false, until: null, closed: 'not_placed' };
  if (deliveryDate === null) return { allowed: true, until: null, closed: null };
  const until = cutOffOf(deliveryDate);
  const open = deliveryDate >= earliestDeliveryDate(now, deliveryDays) && now < until;
  return { allowed: open, until, closed: open ? null : 'cut_off' };
}
