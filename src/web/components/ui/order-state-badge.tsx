import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';

import type { OrderStateName } from '../../../shared/api/staff-order';

/** A state's colour, the same on every staff page (the text says the state; the colour helps to scan). */
const BADGE: Record<OrderStateName, { bg: string; text?: 'dark' }> = {
  draft: { bg: 'secondary' },
  payment_pending: { bg: 'warning', text: 'dark' },
  placed: { bg: 'primary' },
  exported: { bg: 'info' },
  confirmed: { bg: 'info' },
  shipped: { bg: 'success' },
  delivered: { bg: 'success' },
  completed: { bg: 'dark' },
  canceled: { bg: 'danger' },
};

/** An order's state as a badge; `children` is its name in the feature's own texts. */
export function OrderStateBadge({ state, className, children }: { state: OrderStateName; className?: string; children: ReactNode }) {
  const { bg, text } = BADGE[state];
  return (
    <Badge bg={bg} text={text} className={className}>
      {children}
    </Badge>
  );
}
