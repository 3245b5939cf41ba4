import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ContentNodeResponse } from '../../../../shared/api/content';
import type { Language } from '../../../../shared/lang';
import { api } from '../../../lib/api-client';
import { getConfig } from '../../../lib/config';

/**
 * translate-path answers the node's absolute URL (`{backend}/en/jsonapi/node/page/{uuid}`).
 * The API client adds the backend and the language itself, so only the path after the API
 * base and language is kept; the host of the answer is never called (it may name another
 * address than the one this page talks to, and must not send our cookies elsewhere).
 */
export function individualApiPath(individual: string): string {
  const origin = typeof window === 'undefined' ? 'http://shop.invalid' : window.location.origin;
  const base = new URL(getConfig().backend, origin).pathname.replace(/\/+$/, '');
  const url = new URL(individual, origin);
  const rest = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : null;
  const path = rest?.replace(/^\/(en|nl)(?=\/)/, '');
  if (!path?.startsWith('/jsonapi/node/')) throw new Error(`Not a content page address: ${individual}`);
  return `${path}${url.search}`;
}

/** GET the `individual` URL of a translate-path answer: the node's title and (sanitised) body. */
export async function getContentNode(individual: string, lang: Language): Promise<ContentNodeResponse['data']> {
  const response = await api.get<ContentNodeResponse>(individualApiPath(individual), { lang });
  return response.data;
}

export const getContentNodeQueryOptions = (individual: string, lang: Language) =>
  queryOptions({
    queryKey: ['content', 'node', { individual, lang }],
    queryFn: () => getContentNode(individual, lang),
    staleTime: 5 * 60_000,
  });

/** The node of a resolved path; waits while there is no `individual` URL yet. */
export function useContentNode(individual: string | undefined, lang: Language) {
  return useQuery({ ...getContentNodeQueryOptions(individual ?? '', lang), enabled: Boolean(individual) });
}
