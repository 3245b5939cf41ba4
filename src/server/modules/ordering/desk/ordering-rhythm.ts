import { addDays, daysBetween, type WeekdayName, weekdayOf } from '../../../../shared/delivery-date';

/**
 * A relation's own ordering rhythm (issue 42 point 9; the usual-rhythm reminder of issue 45
 * reads it too): from the days it placed orders on over the last 90 days, its usual weekday (the
 * most frequent one; the latest on a tie) and its usual interval (the median number of days
 * between orders). Fewer than three order days say no rhythm.
 */
export interface OrderingRhythm {
  weekday: WeekdayName;
  intervalDays: number;
  /** The latest day it ordered. */
  lastDay: string;
  /** When the next order is due: the last day plus the interval. */
  dueDay: string;
}

export const RHYTHM_MIN_ORDER_DAYS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function usualWeekday(days: readonly string[]): WeekdayName {
  const counts = new Map<WeekdayName, number>();
  let best: WeekdayName = weekdayOf(days[0]!);
  for (const day of days) {
    const weekday = weekdayOf(day);
    const count = (counts.get(weekday) ?? 0) + 1;
    counts.set(weekday, count);
    if (count >= (counts.get(best) ?? 0)) best = weekday;
  }
  return best;
}

/** The rhythm of these order days (calendar days in Amsterdam, any order, repeats allowed), or null. */
export function orderingRhythm(orderDays: readonly string[]): OrderingRhythm | null {
  const days = [...new Set(orderDays)].sort();
  if (days.length < RHYTHM_MIN_ORDER_DAYS) return null;
  const gaps = days.slice(1).map((day, i) => daysBetween(days[i]!, day));
  const intervalDays = Math.max(1, Math.round(median(gaps)));
  const lastDay = days.at(-1)!;
  return { weekday: usualWeekday(days), intervalDays, lastDay, dueDay: addDays(lastDay, intervalDays) };
}

/** How many days past its due day a relation is `today` (0 on the due day itself), or null when not yet due. */
export function daysOverdue(rhythm: OrderingRhythm, today: string): number | null {
  const late = daysBetween(rhythm.dueDay, today);
  return late >= 0 ? late : null;
}
