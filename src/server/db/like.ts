/** A search term as an ILIKE pattern that finds it anywhere: its %, _ and \ match themselves. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
