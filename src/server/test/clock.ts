/** A clock for `useTestApp(…, { now: clock.now })` that a test sets and moves. */
export function testClock(start: string) {
  const origin = new Date(start).getTime();
  let current = origin;
  return {
    now: () => new Date(current),
    /** Back to the start (call it in beforeEach). */
    reset() {
      current = origin;
    },
    advance(ms: number) {
      current += ms;
    },
    /** Seconds since the epoch, as in reset links. */
    seconds: () => Math.floor(current / 1000),
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
