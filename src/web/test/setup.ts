import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { setApiNavigate } from '../lib/api-client';
import { resetSessionMemory } from '../lib/session';

// A test file may run in node (the page-weight test builds the app): no DOM to set up there.
const inBrowser = typeof window !== 'undefined';

// jsdom does not scroll; react-router's ScrollRestoration calls this.
if (inBrowser) window.scrollTo = () => {};

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionMemory();
  setApiNavigate(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const meta of document.head.querySelectorAll('meta[name^="shop-"]')) meta.remove();
  document.title = '';
  window.history.replaceState(null, '', '/');
});
