/**
 * Limits and names of the quick order contract (src/shared/api/quick-order.ts) that the page needs
 * before any answer: copies, so that zod stays out of the page's chunk (STACK-NOTES 10); the
 * contract itself loads with the first answer (`loadQuickOrderContracts`, lib/api/order-again.tsx).
 * quick-order-limits.test.ts keeps them equal.
 */
export const MAX_QUICK_ORDER_LINES = 1_000;
export const MAX_PASTED_CHARS = 200_000;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_LINE_QUANTITY = 9_999;
export const MAX_ARTICLE_LENGTH = 64;
export const USUAL_PRODUCTS_DAYS = 90;
export const USUAL_SORTS = ['frequency', 'name', 'sku'] as const;
export const USUAL_SOURCES = ['orders', 'favourites'] as const;
export const QUICK_ORDER_UPLOAD_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export const QUICK_ORDER_EXAMPLE_PATH = '/quick-order/example.csv';
