import type { Price } from '../../../shared/money';

/** A column of a table's head: a plain label, or one with its cell's class or read by screen readers only. */
export type Column = string | { label: string; className?: string; hidden?: boolean };

/**
 * The head row of the shop's tables: every cell a column header; amounts are aligned right by
 * their column's class, a column of buttons is named for screen readers only.
 */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => {
          const { label, className: cell, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={index} scope="col" className={cell}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** The last three cells of an order line: quantity, unit price and line total, aligned right. */
export function LineAmounts({ quantity, unitPrice, total }: { quantity: string; unitPrice: Price; total: Price }) {
  return (
    <>
      <td className="text-end">{Number(quantity)}</td>
      <td className="text-end text-nowrap">{unitPrice.formatted}</td>
      <td className="text-end text-nowrap">{total.formatted}</td>
    </>
  );
}
