import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { setApiNavigate } from '../lib/api-client';
import { resetSessionMemory } from '../lib/session';

// A test file may run in node (the page-weight test builds the app): no DOM to set up there.
const inBrowser = typeof window !== 'undefined';

// findBy… and waitFor give up after 1 s by default, which a busy machine has overrun: in CI this
// lane shares two cores with the API tests' lane (load 8–13), where 5 s was overrun once too.
// They return as soon as the page shows what they wait for; the limit only decides when to fail.
configure({ asyncUtilTimeout: 10_000 });

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
