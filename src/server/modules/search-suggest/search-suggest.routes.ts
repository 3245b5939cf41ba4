import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/api/errors';
import { searchStatisticsQuery, searchStatisticsResponse, suggestionsQuery, suggestionsResponse } from '../../../shared/api/search';
import { SUGGESTIONS_PATH } from '../../../shared/api/search-limits';
import { sessionOf } from '../../plugins/auth';
import type { SearchStatistics } from './search-statistics.service';
import type { SearchSuggestService } from './search-suggest.service';

export interface SearchSuggestRouteDeps {
  suggest: SearchSuggestService;
  statistics: SearchStatistics;
}

const counted = (t: { term: string; searches: number; emptySearches: number }) => ({ term: t.term, searches: t.searches, empty_searches: t.emptySearches });

export default async function searchSuggestRoutes(app: FastifyInstance, { suggest, statistics }: SearchSuggestRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    SUGGESTIONS_PATH,
    {
      config: { cost: 'search' },
      schema: {
        tags: ['catalogue'],
        summary: "Suggestions as you type: up to 8 products with the caller's price and up to 3 categories (from 2 letters or digits)",
        querystring: suggestionsQuery,
        response: { 200: suggestionsResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => suggest.suggestions(request.query.q, sessionOf(request), request.lang),
  );

  r.get(
    '/api/staff/search-statistics',
    {
      config: { access: 'staff', staffRoles: ['content'] },
      schema: {
        tags: ['staff'],
        summary: 'What customers searched for in a period (default the last 30 days): the top 50 terms and the top 50 that found nothing',
        querystring: searchStatisticsQuery,
        response: { 200: searchStatisticsResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => {
      const top = await statistics.top(request.query);
      return { from: top.from, to: top.to, top: top.terms.map(counted), without_results: top.empty.map(counted) };
    },
  );
}
