/**
 * The named SQL parts stock hands to other modules' statements (decision 036): stock still writes
 * the SQL on its table, and the statement that needs a variation's stock stays one statement.
 */
export { availabilityJson, stockOf, stockRows } from './stock-columns.repository';
