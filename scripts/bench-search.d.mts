// Types of bench-search.mjs for the TypeScript that imports it (scripts/bench-search-index.ts).
export declare function freshTerms(titles: Record<'nl' | 'en', { title: string; sku: string }[]>): {
  terms: { lang: 'nl' | 'en'; term: string }[];
  mix: Record<string, number>;
};
export declare function everyProduct(base: string, cookie: string, count: number): Promise<Record<'nl' | 'en', { title: string; sku: string }[]>>;
export declare function searchRun(...args: unknown[]): Promise<Record<string, unknown>>;
export declare function searchRuns(...args: unknown[]): Promise<Record<string, unknown>[]>;
