import { describe, expect, it } from 'vitest';

import { testResources } from '../test/i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translation files', () => {
  it('has the same namespaces and keys in nl and en, none empty', () => {
    const en = testResources.en ?? {};
    const nl = testResources.nl ?? {};
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    for (const ns of Object.keys(en)) {
      expect(keys(nl[ns]).sort(), `namespace ${ns}`).toEqual(keys(en[ns]).sort());
    }
    for (const lng of [en, nl]) {
      for (const ns of Object.values(lng)) {
        for (const key of keys(ns)) {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ns);
          expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
        }
      }
    }
  });
});
