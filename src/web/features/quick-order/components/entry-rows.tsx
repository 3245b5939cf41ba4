import { type FormEvent, type Ref, useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { MAX_LINE_QUANTITY, MAX_QUICK_ORDER_LINES } from '../api/contracts';
import { type EntryRow, newRow, readQuantity } from '../hooks/entry-rows';

import { ArticleCombobox } from './article-combobox';

interface Props {
  rows: EntryRow[];
  onRowsChange: (rows: EntryRow[]) => void;
  onCheck: () => void;
  checking: boolean;
  /** Rows (1-based) whose quantity is no whole number from 1 up, found when checking. */
  invalid: readonly number[];
  /** Set after an add that left lines out: they are the rows now, to correct. */
  leftOut: boolean;
  /** Say nothing was typed (a check of no rows). */
  empty: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

type Field = 'article' | 'quantity';

/**
 * Rows of article + quantity, typed. Keyboard: a suggestion chosen with Enter fills the article and
 * moves to the quantity; Enter in the quantity moves to the next row's article, adding a row at the end.
 */
export function EntryRows({ rows, onRowsChange, onCheck, checking, invalid, leftOut, empty, headingRef }: Props) {
  const { t } = useTranslation('quick-order');
  const id = useId();
  const fields = useRef(new Map<string, HTMLInputElement | null>());
  // a field of a row that is not rendered yet gets the focus once it is
  const pendingFocus = useRef<{ key: number; field: Field } | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    fields.current.get(`${pending.key}-${pending.field}`)?.focus();
  });

  function setFocus(target: { key: number; field: Field }) {
    const field = fields.current.get(`${target.key}-${target.field}`);
    if (field) field.focus();
    else pendingFocus.current = target;
  }

  const setField = (key: number, field: Field) => (element: HTMLInputElement | null) => {
    if (element) fields.current.set(`${key}-${field}`, element);
    else fields.current.delete(`${key}-${field}`);
  };

  function update(key: number, change: Partial<EntryRow>) {
    onRowsChange(rows.map((row) => (row.key === key ? { ...row, ...change, note: null } : row)));
  }

  function nextRow(index: number) {
    const next = rows[index + 1];
    if (next) {
      setFocus({ key: next.key, field: 'article' });
      return;
    }
    if (rows.length >= MAX_QUICK_ORDER_LINES) return;
    const row = newRow();
    onRowsChange([...rows, row]);
    setFocus({ key: row.key, field: 'article' });
  }

  function addRow() {
    const row = newRow();
    onRowsChange([...rows, row]);
    setFocus({ key: row.key, field: 'article' });
  }

  function remove(index: number) {
    const rest = rows.filter((_, i) => i !== index);
    const after = rest.length > 0 ? rest : [newRow()];
    onRowsChange(after);
    const target = after[Math.min(index, after.length - 1)];
    if (target) setFocus({ key: target.key, field: 'article' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onCheck();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="h5">
        {t('rows.heading')}
      </h2>
      <p id={`${id}-hint`} className="form-text mt-0">
        {t('rows.hint')}
      </p>
      {leftOut ? (
        <Alert variant="warning" role="status" className="py-2">
          {t('rows.leftOut')}
        </Alert>
      ) : null}
      <div className="quick-order-rows-head" aria-hidden="true">
        <span>{t('rows.article')}</span>
        <span>{t('rows.quantity')}</span>
      </div>
      <ol className="quick-order-rows list-unstyled mb-2">
        {rows.map((row, index) => {
          const number = index + 1;
          const bad = invalid.includes(number) && readQuantity(row.quantity) === 'invalid';
          const noteId = `${id}-note-${row.key}`;
          const quantityId = `${id}-quantity-${row.key}`;
          const described = [row.note || bad ? noteId : null, index === 0 ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
          return (
            <li key={row.key} className="quick-order-row" data-testid="quick-order-row">
              <div className="quick-order-row-fields">
                <ArticleCombobox
                  row={number}
                  value={row.article}
                  onChange={(article) => update(row.key, { article })}
                  onPick={(product) => {
                    update(row.key, { article: product.sku });
                    setFocus({ key: row.key, field: 'quantity' });
                  }}
                  onEnter={() => setFocus({ key: row.key, field: 'quantity' })}
                  inputRef={setField(row.key, 'article')}
                  describedBy={described}
                  invalid={Boolean(row.note)}
                />
                <div>
                  <label htmlFor={quantityId} className="visually-hidden">
                    {t('rows.quantityOfRow', { row: number })}
                  </label>
                  <input
                    id={quantityId}
                    ref={setField(row.key, 'quantity')}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    className={`form-control text-end${bad ? ' is-invalid' : ''}`}
                    aria-invalid={bad || undefined}
                    aria-describedby={row.note || bad ? noteId : undefined}
                    maxLength={6}
                    value={row.quantity}
                    onChange={(event) => update(row.key, { quantity: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      nextRow(index);
                    }}
                  />
                </div>
                <button type="button" className="btn btn-outline-primary quick-order-remove" aria-label={t('rows.remove', { row: number })} onClick={() => remove(index)}>
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              {row.note || bad ? (
                <p id={noteId} className="quick-order-note small mb-0">
                  <span aria-hidden="true">⚠ </span>
                  {bad ? t('rows.badQuantity', { row: number, max: MAX_LINE_QUANTITY }) : row.note}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {empty ? (
        <p className="quick-order-note small" role="alert">
          {t('rows.empty')}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="button" variant="outline-primary" onClick={addRow} disabled={rows.length >= MAX_QUICK_ORDER_LINES}>
          {t('rows.add')}
        </Button>
        <Button type="submit" variant="primary" disabled={checking}>
          {checking ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('rows.check')}
        </Button>
      </div>
    </form>
  );
}
