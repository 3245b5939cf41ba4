/**
 * The orders' and invoices' zod contracts (src/shared/api/orders.ts), loaded when the first answer
 * needs parsing (zod stays out of the chunks a page needs first, STACK-NOTES 10).
 */
export const loadOrderContracts = () => import('../../../../../shared/api/orders');
