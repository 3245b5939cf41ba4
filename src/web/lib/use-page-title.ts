import { useEffect } from 'react';

import { getConfig } from './config';

export function pageTitle(title: string | undefined, shopName: string): string {
  return title ? `${title} | ${shopName}` : shopName;
}

/** Sets `document.title` to '{title} | {shop name}' (spec section 1). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title, getConfig().shopName);
  }, [title]);
}
