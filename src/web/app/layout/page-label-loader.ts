import type { ComponentType } from 'react';

import type { PageLabelProps } from './page-label';

let PageLabel: ComponentType<PageLabelProps> | undefined;

/**
 * The crumb label of product and content pages, once their route has loaded it. Before that no
 * such page was shown, so no page name is in the cache to show.
 */
export function loadedPageLabel(): ComponentType<PageLabelProps> | undefined {
  return PageLabel;
}

/** Loaded beside a product or content page's own code (app/router.tsx). */
export async function loadPageLabel(): Promise<void> {
  PageLabel ??= (await import('./page-label')).PageLabel;
}
