import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Where the assortment scrolls to when its page, search, category or size changes (spec section 2). */
export const ASSORTMENT_SCROLL_TOP = 120;

/**
 * Navigation options for a change within the assortment (its page, size, filters): without them
 * the router's ScrollRestoration scrolls such a navigation to the top as well, just before
 * useScrollWithinAssortment scrolls to 120 px (in Chromium two smooth scrolls, the second
 * taking over the first; in the web tests the top once came last).
 */
export const WITHIN_ASSORTMENT = { preventScrollReset: true } as const;

/** Scrolls to 120 px on every navigation within the assortment (made with WITHIN_ASSORTMENT), not on arrival. */
export function useScrollWithinAssortment(): void {
  const { search } = useLocation();
  // the last query string seen: effects that run twice (StrictMode) or on arrival do not scroll
  const shown = useRef(search);
  useEffect(() => {
    if (shown.current === search) return;
    shown.current = search;
    window.scrollTo({ top: ASSORTMENT_SCROLL_TOP });
  }, [search]);
}
