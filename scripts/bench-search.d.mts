// Types of bench-search.mjs for the TypeScript that imports it (scripts/bench-search-index.ts).
export declare function freshTerms(products: { title: string; sku: string }[]): string[];
export declare function searchRun(...args: unknown[]): Promise<Record<string, unknown>>;
export declare function searchRuns(...args: unknown[]): Promise<Record<string, unknown>[]>;
export declare function legacySearchRuns(options: Record<string, unknown>): Promise<Record<string, unknown>[]>;
