import { describe, expect, it } from 'vitest';

import { fieldChanges } from './audit-change';

describe('fieldChanges', () => {
  it('lists the fields that differ, with added and removed ones', () => {
    expect(fieldChanges({ state: 'placed', total: 1200, note: 'x' }, { state: 'canceled', total: 1200, lines: [1] })).toEqual([
      { field: 'state', before: 'placed', after: 'canceled' },
      { field: 'note', before: 'x', after: '–' },
      { field: 'lines', before: '–', after: '[1]' },
    ]);
  });

  it('compares plain values as one field, and finds no change where there is none', () => {
    expect(fieldChanges('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
    expect(fieldChanges(null, null)).toEqual([]);
    expect(fieldChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
