import { type FormEvent, type Ref, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { MAX_LINE_QUANTITY } from '../api/contracts';
import { type EntryRow, readQuantity } from '../hooks/entry-rows';
import { type EntryRowsEditing, useEntryRows } from '../hooks/use-entry-rows';

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

/**
 * Rows of article + quantity, typed. Keyboard: a suggestion chosen with Enter fills the article and
 * moves to the quantity; Enter in the quantity moves to the next row's article, adding a row at the
 * end (useEntryRows).
 */
export function EntryRows({ rows, onRowsChange, onCheck, checking, invalid, leftOut, empty, headingRef }: Props) {
  const { t } = useTranslation('quick-order');
  const id = useId();
  const editing = useEntryRows(rows, onRowsChange);

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
        {rows.map((row, index) => (
          <EntryRowItem key={row.key} row={row} index={index} formId={id} bad={invalid.includes(index + 1) && readQuantity(row.quantity) === 'invalid'} editing={editing} />
        ))}
      </ol>
      {empty ? (
        <p className="quick-order-note small" role="alert">
          {t('rows.empty')}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="button" variant="outline-primary" onClick={editing.addRow} disabled={!editing.canAdd}>
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

interface RowProps {
  row: EntryRow;
  index: number;
  formId: string;
  /** The quantity is no whole number from 1 up (found when checking). */
  bad: boolean;
  editing: EntryRowsEditing;
}

/** One typed row: the article (with suggestions), the quantity, remove, and the row's note. */
function EntryRowItem({ row, index, formId: id, bad, editing }: RowProps) {
  const { t } = useTranslation('quick-order');
  const number = index + 1;
  const noteId = `${id}-note-${row.key}`;
  const quantityId = `${id}-quantity-${row.key}`;
  const described = [row.note || bad ? noteId : null, index === 0 ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <li className="quick-order-row" data-testid="quick-order-row">
      <div className="quick-order-row-fields">
        <ArticleCombobox
          row={number}
          value={row.article}
          onChange={(article) => editing.update(row.key, { article })}
          onPick={(product) => {
            editing.update(row.key, { article: product.sku });
            editing.setFocus({ key: row.key, field: 'quantity' });
          }}
          onEnter={() => editing.setFocus({ key: row.key, field: 'quantity' })}
          inputRef={editing.setField(row.key, 'article')}
          describedBy={described}
          invalid={Boolean(row.note)}
        />
        <div>
          <label htmlFor={quantityId} className="visually-hidden">
            {t('rows.quantityOfRow', { row: number })}
          </label>
          <input
            id={quantityId}
            ref={editing.setField(row.key, 'quantity')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`form-control text-end${bad ? ' is-invalid' : ''}`}
            aria-invalid={bad || undefined}
            aria-describedby={row.note || bad ? noteId : undefined}
            maxLength={6}
            value={row.quantity}
            onChange={(event) => editing.update(row.key, { quantity: event.target.value })}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              editing.nextRow(index);
            }}
          />
        </div>
        <button type="button" className="btn btn-outline-primary quick-order-remove" aria-label={t('rows.remove', { row: number })} onClick={() => editing.remove(index)}>
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
}
