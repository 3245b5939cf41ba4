import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_TOKENS, searchTerms, searchTokens } from './search-query';

describe('searchTokens', () => {
  it('keeps words of letters and digits in any script, lower case', () => {
    expect(searchTokens('Maïs-Tortilla 15cm  JALAPEÑO')).toEqual(['maïs', 'tortilla', '15cm', 'jalapeño']);
    expect(searchTokens('Ελληνικά 日本 żółć')).toEqual(['ελληνικά', '日本', 'żółć']);
  });

  it("drops a single letter after an apostrophe (tortilla's, Lupita’s)", () => {
    expect(searchTokens("tortilla's")).toEqual(['tortilla']);
    expect(searchTokens('Lupita’s salsa')).toEqual(['lupita', 'salsa']);
    expect(searchTokens("d'Or a")).toEqual(['d', 'or', 'a']);
  });

  it('drops every operator and quote, so nothing but words reaches to_tsquery', () => {
    expect(searchTokens("tort & | ! ( ) :* <-> ' \" \\ ; --")).toEqual(['tort']);
    expect(searchTokens('  ** -- ')).toEqual([]);
  });

  it('takes composed and decomposed accents alike', () => {
    expect(searchTokens('mai\u0308s')).toEqual(['maïs']);
  });

  it('keeps at most the first eight words, each at most 40 characters', () => {
    const tokens = searchTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '));
    expect(tokens).toHaveLength(MAX_SEARCH_TOKENS);
    expect(tokens[0]).toBe('w0');
    expect(searchTokens('x'.repeat(100))[0]).toHaveLength(40);
  });
});

describe('searchTerms', () => {
  it('builds a prefix query of all words', () => {
    expect(searchTerms('zwarte bonen')).toEqual({ tsquery: 'zwarte:* & bonen:*', wordsQuery: 'zwarte:* & bonen:*', numbers: [] });
  });

  it('keeps the numbers apart: each may be (the start of) an article number', () => {
    expect(searchTerms(' 1010 ')).toEqual({ tsquery: '1010:*', wordsQuery: null, numbers: ['1010'] });
    expect(searchTerms('101001 tort')).toEqual({ tsquery: '101001:* & tort:*', wordsQuery: 'tort:*', numbers: ['101001'] });
    expect(searchTerms('15cm')?.numbers).toEqual([]);
  });

  it('is no filter without words', () => {
    expect(searchTerms(undefined)).toBeNull();
    expect(searchTerms('')).toBeNull();
    expect(searchTerms('&&&')).toBeNull();
  });
});
