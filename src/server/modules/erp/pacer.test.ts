import { describe, expect, it } from 'vitest';
import { mergeRanges } from './erp-stock.repository';
import { createPacer, partsOf, STEP_ROWS, UNPACED } from './pacer';

/** A clock that answers the given times in turn, and a sleep that only notes how long it was asked to rest. */
function fakeClock(times: number[]) {
  const rests: number[] = [];
  return {
    rests,
    now: () => times.shift() ?? Number.NaN,
    sleep: async (ms: number) => void rests.push(ms),
  };
}

describe('the pacer of background work (decision 030)', () => {
  it('rests so that the work takes its share of the time: at a quarter, three times as long as each step worked', async () => {
    const clock = fakeClock([0, 10, 40, 42, 50]);
    const pace = createPacer(0.25, clock);
    await pace.step(); // worked 0 → 10
    await pace.step(); // began again at 40, worked to 42
    expect(clock.rests).toEqual([30, 6]);
    expect(pace.stepRows).toBe(STEP_ROWS);
  });

  it('only yields for a step under a millisecond of rest, and never rests at a share of 1', async () => {
    const short = fakeClock([0, 0.2, 0.2]);
    await createPacer(0.5, short).step();
    expect(short.rests).toEqual([]);
    const whole = fakeClock([0, 500, 500]);
    const unpaced = createPacer(1, whole);
    await unpaced.step();
    expect(whole.rests).toEqual([]);
    expect(unpaced.stepRows).toBe(Number.POSITIVE_INFINITY);
    expect(UNPACED.stepRows).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses a share outside (0, 1] and rows per step that are not a whole number above 0', () => {
    for (const share of [0, -0.5, 1.5, Number.NaN]) expect(() => createPacer(share)).toThrow(/share/);
    for (const stepRows of [0, 2.5, -1]) expect(() => createPacer(0.5, { stepRows })).toThrow(/rows per step/);
  });
});

describe('the parts and ranges of a paced stock import', () => {
  it('cuts rows into parts of stepRows (one part unpaced), and ranges of staged ids that cover every id in ascending order', () => {
    const pace = createPacer(0.5, { stepRows: 2 });
    expect(partsOf([1, 2, 3, 4, 5], pace)).toEqual([[1, 2], [3, 4], [5]]);
    expect(partsOf([1, 2, 3], UNPACED)).toEqual([[1, 2, 3]]);
    // Unsorted ids, as the staged parts return them; the first range is open below, the last above.
    expect(mergeRanges([40, 10, 30, 20, 50], pace)).toEqual([
      { from: null, to: 30 },
      { from: 30, to: 50 },
      { from: 50, to: null },
    ]);
    expect(mergeRanges([10, 20], pace)).toEqual([{ from: null, to: null }]);
    expect(mergeRanges([], pace)).toEqual([{ from: null, to: null }]);
    expect(mergeRanges([10, 20, 30], UNPACED)).toEqual([{ from: null, to: null }]);
  });
});
