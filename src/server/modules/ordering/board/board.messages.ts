import type { BoardState } from '../../../../shared/api/staff-orders';
import { defineMessages } from '../../../i18n';

type Names<K extends string> = Readonly<Record<K, string>>;

const NL_STATES: Names<BoardState> = {
  placed: 'Geplaatst',
  exported: 'Naar het ERP',
  confirmed: 'Bevestigd',
  shipped: 'Verzonden',
  delivered: 'Geleverd',
  completed: 'Afgerond',
  canceled: 'Geannuleerd',
};
const EN_STATES: Names<BoardState> = {
  placed: 'Placed',
  exported: 'Sent to the ERP',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  canceled: 'Canceled',
};

/** The orders board's export (issue 42, point 3) in the staff user's language: its headers, states and file. */
export const BOARD_MESSAGES = defineMessages({
  nl: {
    order_number: 'Bestelnummer',
    placed_at: 'Geplaatst op',
    delivery_date: 'Leverdatum',
    customer_number: 'Klantnummer',
    customer_name: 'Klant',
    state: 'Status',
    payment_method: 'Betaalwijze',
    payment_status: 'Betaalstatus',
    po_reference: 'Inkoopreferentie',
    total: 'Totaal incl. btw (€)',
    status_on_account: 'Op rekening',
    status_paid: 'Online betaald',
    method_on_account: 'Op rekening',
    method_ideal: 'iDEAL',
    sheet_name: 'Bestellingen',
    file_name: (p: { day: string }) => `bestellingen-${p.day}`,
    state_name: (p: { state: BoardState }) => NL_STATES[p.state],
  },
  en: {
    order_number: 'Order number',
    placed_at: 'Placed at',
    delivery_date: 'Delivery date',
    customer_number: 'Customer number',
    customer_name: 'Customer',
    state: 'State',
    payment_method: 'Payment method',
    payment_status: 'Payment status',
    po_reference: 'PO reference',
    total: 'Total incl. VAT (€)',
    status_on_account: 'On account',
    status_paid: 'Paid online',
    method_on_account: 'On account',
    method_ideal: 'iDEAL',
    sheet_name: 'Orders',
    file_name: (p: { day: string }) => `orders-${p.day}`,
    state_name: (p: { state: BoardState }) => EN_STATES[p.state],
  },
});
