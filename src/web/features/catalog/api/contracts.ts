/**
 * The catalogue's zod contracts (src/shared/api/catalog.ts and catalog-actions.ts), loaded when the first answer needs
 * parsing: zod stays out of the chunks a page must load before it can render (STACK-NOTES 10),
 * and it loads while the request is under way.
 */
export const loadCatalogContracts = async () => {
  const [catalog, actions] = await Promise.all([import('../../../../shared/api/catalog'), import('../../../../shared/api/catalog-actions')]);
  return { ...catalog, ...actions };
};

/**
 * Limits of spec section 9 that the web needs before any contract is loaded. They equal the
 * contract's PAGE_SIZES, DEFAULT_PAGE_SIZE, FAVORITES_LIMIT and MAX_REQUEST_QUANTITY
 * (catalog-limits.test.ts keeps them so).
 */
export const PAGE_SIZES = [15, 30, 45] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const FAVORITES_LIMIT = 1000;
export const MAX_QUANTITY = 100_000;

