/**
 * The quick order contract (src/shared/api/quick-order.ts, zod), loaded when the first answer
 * needs parsing: zod stays out of the chunks a page needs before it renders (STACK-NOTES 10).
 * Quick order, my usual products and 'Order again' parse their answers with it.
 */
export const loadQuickOrderContracts = () => import('../../../shared/api/quick-order');
