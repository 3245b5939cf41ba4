import type { Language } from '../../../../shared/lang';
import { useContentNode } from '../api/get-content-node';
import { useTranslatePath } from '../api/get-translate-path';

export type ContentPageState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'found'; title: string; html: string }
  /** An old path that leads elsewhere (issue 43): a shop path with its language, or an outside address. */
  | { status: 'redirect'; to: string };

/** The content page at a path (without language): resolve it, then load its node. */
export function useContentPage(path: string, lang: Language): ContentPageState {
  const resolution = useTranslatePath(path, lang);
  const data = resolution.data;
  const individual = data && 'jsonapi' in data ? data.jsonapi.individual : undefined;
  const node = useContentNode(individual, lang);

  if (resolution.isError) return { status: 'error' };
  if (resolution.isPending) return { status: 'loading' };
  if (resolution.data === null) return { status: 'not-found' };
  if ('redirect' in resolution.data) return { status: 'redirect', to: resolution.data.redirect[0]!.to };
  if (node.isError) return { status: 'error' };
  if (node.isPending) return { status: 'loading' };
  return { status: 'found', title: node.data.attributes.title, html: node.data.attributes.body.processed };
}
