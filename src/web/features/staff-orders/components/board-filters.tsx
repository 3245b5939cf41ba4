import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';

import { BOARD_PAYMENT_METHODS, BOARD_STATES, type BoardPaymentMethod, type BoardState } from '../../../../shared/api/staff-orders';
import { Button } from '../../../components/ui/button';
import type { BoardParams } from '../board-query';

export type FilterChange = Partial<Omit<BoardParams, 'page'>>;

interface Props {
  params: BoardParams;
  /** The customer's name when the board is filtered on one (from its rows). */
  customerName: string | null;
  onChange: (next: FilterChange) => void;
  onReset: () => void;
}

/** The search on order number, customer and PO reference: its own form, submitted. */
function BoardSearch({ q, onChange }: { q: string; onChange: (next: FilterChange) => void }) {
  const { t } = useTranslation('staff-orders');
  const [value, setValue] = useState(q);
  function search(event: FormEvent) {
    event.preventDefault();
    onChange({ q: value.trim() });
  }
  return (
    <Form role="search" onSubmit={search} className="mb-3" style={{ maxWidth: '40rem' }}>
      <Form.Label htmlFor="board-search">{t('filters.search')}</Form.Label>
      <InputGroup>
        <Form.Control id="board-search" type="search" value={value} maxLength={100} placeholder={t('filters.searchPlaceholder')} onChange={(event) => setValue(event.target.value)} />
        <Button type="submit">{t('filters.submit')}</Button>
      </InputGroup>
    </Form>
  );
}

/** A state and a payment method (applied at once), the delivery dates (applied with the button). */
function FilterForm({ params, onChange, onReset }: Omit<Props, 'customerName'>) {
  const { t } = useTranslation('staff-orders');
  const [from, setFrom] = useState(params.deliveryFrom);
  const [until, setUntil] = useState(params.deliveryUntil);
  const state = params.states.length === 1 ? params.states[0]! : '';
  function applyDates(event: FormEvent) {
    event.preventDefault();
    onChange({ deliveryFrom: from, deliveryUntil: until });
  }
  return (
    <Form onSubmit={applyDates} aria-label={t('filters.legend')} className="row g-2 align-items-end">
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="board-state">
        <Form.Label>{t('filters.state')}</Form.Label>
        <Form.Select value={state} onChange={(event) => onChange({ states: event.target.value ? [event.target.value as BoardState] : [] })}>
          <option value="">{t('filters.anyState')}</option>
          {BOARD_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`states.${s}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="board-payment">
        <Form.Label>{t('filters.paymentMethod')}</Form.Label>
        <Form.Select value={params.paymentMethod} onChange={(event) => onChange({ paymentMethod: event.target.value as BoardPaymentMethod | '' })}>
          <option value="">{t('filters.anyPaymentMethod')}</option>
          {BOARD_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`filters.paymentMethods.${m}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="board-from">
        <Form.Label>{t('filters.deliveryFrom')}</Form.Label>
        <Form.Control type="date" value={from} max={until || undefined} onChange={(event) => setFrom(event.target.value)} />
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="board-until">
        <Form.Label>{t('filters.deliveryUntil')}</Form.Label>
        <Form.Control type="date" value={until} min={from || undefined} onChange={(event) => setUntil(event.target.value)} />
      </Form.Group>
      <div className="col-12 col-xl-4 d-flex flex-wrap gap-2">
        <Button type="submit" variant="outline-primary">
          {t('filters.apply')}
        </Button>
        <Button variant="link" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      </div>
    </Form>
  );
}

/** The search box and the filters, and the customer filtered on (from the customer page's link) with a way to drop it. */
export function BoardFilters({ params, customerName, onChange, onReset }: Props) {
  const { t } = useTranslation('staff-orders');
  return (
    <div className="mb-3">
      <BoardSearch q={params.q} onChange={onChange} />
      <FilterForm params={params} onChange={onChange} onReset={onReset} />
      {params.customer && (
        <p className="mt-3 mb-0">
          <span className="badge text-bg-secondary fs-6 fw-normal">{t('filters.customer', { name: customerName ?? t('filters.someCustomer') })}</span>
          <Button variant="link" size="sm" onClick={() => onChange({ customer: '' })}>
            {t('filters.removeCustomer')}
          </Button>
        </p>
      )}
    </div>
  );
}
