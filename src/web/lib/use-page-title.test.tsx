import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { pageTitle, usePageTitle } from './use-page-title';

describe('usePageTitle', () => {
  it('sets "{title} | {shop name}" with the shop name from the config', () => {
    const meta = document.createElement('meta');
    meta.name = 'shop-name';
    meta.content = 'Casa Maíz Test';
    document.head.append(meta);

    const { rerender } = renderHook(({ title }) => usePageTitle(title), { initialProps: { title: 'Cart' } });
    expect(document.title).toBe('Cart | Casa Maíz Test');

    rerender({ title: 'Complete order' });
    expect(document.title).toBe('Complete order | Casa Maíz Test');
  });

  it('uses the default shop name and shows only it without a title', () => {
    renderHook(() => usePageTitle('Login'));
    expect(document.title).toBe('Login | Casa Maíz');
    expect(pageTitle(undefined, 'Casa Maíz')).toBe('Casa Maíz');
  });
});
