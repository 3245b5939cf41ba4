/** A search term with LIKE's wildcards and its escape character (%, _ and \) matching themselves. */
const literal = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search term as an ILIKE pattern that finds it anywhere: its %, _ and \ match themselves. */
export const containsPattern = (term: string): string => `%${literal(term)}%`;

/** A search term as a LIKE pattern that finds what starts with it (a btree index can serve it): its %, _ and \ match themselves. */
export const prefixPattern = (term: string): string => `${literal(term)}%`;
