import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';

/**
 * Background work that gives way to customers (decision 030): after each step of work the pacer
 * rests so that the work takes at most `share` of the time since it began, as PostgreSQL's
 * autovacuum does with its cost delay. With a share of 1 it only lets the event loop serve what
 * waits. A rest shorter than a millisecond is a yield: timers are not finer than that.
 */
export interface Pacer {
  /** The share of the time the work may take (0 < share ≤ 1). */
  readonly share: number;
  /** Rows of a set-based write per step (each a few milliseconds of the database's time); unpaced: all. */
  readonly stepRows: number;
  /** Ends a step of work: rests as long as the share asks, then starts timing the next step. */
  step(): Promise<void>;
}

/** Rows of a paced write per statement: a few milliseconds of the database's time each. */
export const STEP_ROWS = 2_000;

interface PacerClock {
  now?: () => number;
  sleep?: (ms: number) => Promise<unknown>;
}

export function createPacer(share: number, { stepRows = STEP_ROWS, now = () => performance.now(), sleep: rest = sleep }: { stepRows?: number } & PacerClock = {}): Pacer {
  if (!(share > 0 && share <= 1)) throw new Error(`a pacer's share is above 0 and at most 1, not ${share}`);
  if (!(Number.isInteger(stepRows) && stepRows > 0)) throw new Error(`a pacer's rows per step are a whole number above 0, not ${stepRows}`);
  let began = now();
  return {
    share,
    stepRows: share >= 1 ? Number.POSITIVE_INFINITY : stepRows,
    async step() {
      const ms = (now() - began) * (1 / share - 1);
      if (ms >= 1) await rest(ms);
      else await yieldToEventLoop();
      began = now();
    },
  };
}

/** A pacer that never rests: work that holds the only connection (PGlite) must not wait inside it. */
export const UNPACED: Pacer = { share: 1, stepRows: Number.POSITIVE_INFINITY, step: yieldToEventLoop as () => Promise<void> };

/** The parts of `rows` a paced write works through one at a time (`stepRows` each); an unpaced one has one part, all. */
export function partsOf<T>(rows: readonly T[], pace: Pacer): T[][] {
  if (rows.length <= pace.stepRows) return [[...rows]];
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += pace.stepRows) parts.push(rows.slice(i, i + pace.stepRows));
  return parts;
}
