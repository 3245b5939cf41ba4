import { describe, expect, it } from 'vitest';
import { createCacheBudget } from '../../cache-budget';
import type { ActiveSession } from '../../context/session';
import { createSearchSuggestService } from './search-suggest.service';

/** A customer's session at fixed data versions. */
const session: ActiveSession = {
  id: 'session',
  csrfToken: 'csrf',
  masqueradeFromUserId: null,
  user: { id: 7, uuid: 'user', name: 'demo', roles: [], relationId: 3, langcode: 'nl', active: true, pricelist: 'STANDAARD' },
  versions: { catalog: 1, offers: 1, stock: 1, relation: 1 },
  lifetime: { remember: null, startedAt: new Date('2026-11-23T08:00:00Z') },
};

describe('remembered suggestions', () => {
  it('are remembered under the words the engine reads: Jalapeño and jalapeno are one answer, found once', async () => {
    const asked: string[] = [];
    const suggest = createSearchSuggestService(
      { productsById: async () => [], categories: async () => [] },
      {
        now: () => new Date('2026-11-23T09:00:00Z'),
        caches: createCacheBudget(2 ** 20),
        search: {
          isCurrent: () => true,
          suggest: async (_version, query) => {
            asked.push(query.term);
            return { productIds: [], categoryIds: [] };
          },
        },
      },
    );
    const first = await suggest.suggestions('Jalapeño', session, 'nl');
    const second = await suggest.suggestions('  jalapen\u0303o! ', session, 'nl');
    const third = await suggest.suggestions('jalapeno', session, 'nl');
    expect(asked).toEqual(['jalapeno']);
    // One remembered answer: the very same object for all three.
    expect(second).toBe(first);
    expect(third).toBe(first);
    // Another word is another answer.
    await suggest.suggestions('jalapenos', session, 'nl');
    expect(asked).toEqual(['jalapeno', 'jalapenos']);
  });
});
