import { describe, expect, it } from 'vitest';

import { detectLanguage, localizedPath, stripLanguage, switchLanguagePath } from './language';

describe('UI language', () => {
  it('comes from the first path segment when it is en or nl', () => {
    expect(detectLanguage('/en/assortment', ['nl-NL'])).toBe('en');
    expect(detectLanguage('/nl/cart', ['en-GB'])).toBe('nl');
    expect(detectLanguage('/nl', ['en-GB'])).toBe('nl');
  });

  it('otherwise comes from the first browser language that starts with nl or en', () => {
    expect(detectLanguage('/assortment', ['de-DE', 'nl-BE', 'en-US'])).toBe('nl');
    expect(detectLanguage('/', ['fr', 'en-GB', 'nl'])).toBe('en');
    expect(detectLanguage('/nlx/cart', ['NL'])).toBe('nl');
  });

  it('falls back to English', () => {
    expect(detectLanguage('/assortment', ['de-DE', 'fr-FR'])).toBe('en');
    expect(detectLanguage('/', [])).toBe('en');
    expect(detectLanguage('/de/cart', [])).toBe('en');
  });
});

describe('language paths', () => {
  it('strips the language segment', () => {
    expect(stripLanguage('/en/cart/checkout')).toBe('/cart/checkout');
    expect(stripLanguage('/nl')).toBe('/');
    expect(stripLanguage('/nl/')).toBe('/');
    expect(stripLanguage('/cart')).toBe('/cart');
    expect(stripLanguage('/english/cart')).toBe('/english/cart');
  });

  it('builds links in a language', () => {
    expect(localizedPath('nl', '/assortment')).toBe('/nl/assortment');
    expect(localizedPath('en', 'cart')).toBe('/en/cart');
    expect(localizedPath('en', '/')).toBe('/en/');
  });

  it('switches language keeping the rest of the path, the query and the hash', () => {
    expect(switchLanguagePath({ pathname: '/nl/assortment', search: '?search=salsa&page=2' }, 'en')).toBe(
      '/en/assortment?search=salsa&page=2',
    );
    expect(switchLanguagePath({ pathname: '/cart', search: '', hash: '#top' }, 'nl')).toBe('/nl/cart#top');
    expect(switchLanguagePath({ pathname: '/' }, 'en')).toBe('/en/');
  });
});
