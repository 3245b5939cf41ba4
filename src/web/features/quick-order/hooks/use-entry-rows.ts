import { useEffect, useRef } from 'react';

import { MAX_QUICK_ORDER_LINES } from '../api/contracts';

import { type EntryRow, newRow } from './entry-rows';

export type EntryField = 'article' | 'quantity';

/**
 * The fields of the typed rows by row and field, to move the focus between them; a field of a row
 * that is not rendered yet gets the focus once it is.
 */
function useRowFocus() {
  const fields = useRef(new Map<string, HTMLInputElement | null>());
  const pendingFocus = useRef<{ key: number; field: EntryField } | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    fields.current.get(`${pending.key}-${pending.field}`)?.focus();
  });

  function setFocus(target: { key: number; field: EntryField }) {
    const field = fields.current.get(`${target.key}-${target.field}`);
    if (field) field.focus();
    else pendingFocus.current = target;
  }

  const setField = (key: number, field: EntryField) => (element: HTMLInputElement | null) => {
    if (element) fields.current.set(`${key}-${field}`, element);
    else fields.current.delete(`${key}-${field}`);
  };

  return { setFocus, setField };
}

/**
 * Editing the typed rows with the keyboard: a change clears the row's note; Enter in a quantity
 * moves to the next row's article, adding a row at the end; a removed row's neighbour gets the focus.
 */
export function useEntryRows(rows: EntryRow[], onRowsChange: (rows: EntryRow[]) => void) {
  const { setFocus, setField } = useRowFocus();

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

  return { update, nextRow, addRow, remove, setFocus, setField, canAdd: rows.length < MAX_QUICK_ORDER_LINES };
}

export type EntryRowsEditing = ReturnType<typeof useEntryRows>;
