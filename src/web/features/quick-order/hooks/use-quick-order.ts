import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { QuickOrderAddResponse, QuickOrderLine, QuickOrderPreview } from '../../../../shared/api/quick-order';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { useAddQuickOrder } from '../api/add-quick-order';
import { type PreviewInput, type QuickOrderFile, usePreviewQuickOrder } from '../api/preview-quick-order';

import { type EntryRow, filledRows, newRow, rowsFromPreview, rowsRequest, rowsToCorrect } from './entry-rows';

const START_ROWS = 3;

/** What the preview shown is of: after an add, typed rows that were not part of it stay. */
type Source = 'rows' | 'text' | 'file';

/**
 * The preview's lines to send to the cart, and those that cannot go: a line that is no multiple of
 * its article's order multiple is refused by the server (decision 029), so it is not sent but
 * comes back as a row to correct, with the server's message.
 */
function linesForCart(preview: QuickOrderPreview) {
  const held = preview.lines.filter((line) => line.status === 'not_multiple');
  const { rows: lines, unsent: unread } = rowsFromPreview(preview.lines.filter((line) => line.status !== 'not_multiple'));
  return { lines, unsent: [...unread, ...held] };
}

/** The lines an add left out, as rows to correct with the reason as their note. */
function rowsLeftOut(data: QuickOrderAddResponse, unsent: QuickOrderLine[], note: (line: QuickOrderLine) => string) {
  const left: QuickOrderLine[] = [...data.lines.filter((line) => line.added !== true), ...unsent];
  return rowsToCorrect(left, note);
}

/** The typed rows and what the page says about them. */
function useEntryState() {
  const [rows, setRows] = useState<EntryRow[]>(() => Array.from({ length: START_ROWS }, () => newRow()));
  const [invalid, setInvalid] = useState<number[]>([]);
  const [empty, setEmpty] = useState(false);
  const [leftOut, setLeftOut] = useState(false);
  const rowsHeading = useRef<HTMLHeadingElement>(null);

  function changeRows(next: EntryRow[]) {
    setRows(next);
    setEmpty(false);
    setLeftOut(false);
  }

  return { rows, setRows, invalid, setInvalid, empty, setEmpty, leftOut, setLeftOut, rowsHeading, changeRows };
}

/** The preview of typed rows, a pasted list or a file; its heading gets the focus once it is there. */
function usePreview() {
  const { t } = useTranslation(['quick-order', 'common', 'errors']);
  const [preview, setPreview] = useState<QuickOrderPreview | null>(null);
  const [source, setSource] = useState<Source>('rows');
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const check = usePreviewQuickOrder();

  function runPreview(input: PreviewInput, { focus = true, from }: { focus?: boolean; from?: Source } = {}) {
    check.mutate(input, {
      onSuccess: (data) => {
        setPreview(data);
        if (from) setSource(from);
        if (focus) requestAnimationFrame(() => previewHeading.current?.focus());
      },
      onError: (error) => {
        const text = failureText(error, t('errors:generic'));
        if (text) toast.error(text);
      },
    });
  }

  return { preview, setPreview, source, previewHeading, check, runPreview };
}

/**
 * Quick order's state: the typed rows, the pasted list, the file and the preview of one of them;
 * adding the preview to the cart brings the lines left out back as rows to correct.
 */
export function useQuickOrder() {
  const { t } = useTranslation(['quick-order', 'common', 'errors']);
  const entry = useEntryState();
  const { preview, setPreview, source, previewHeading, check, runPreview } = usePreview();
  const [pasted, setPasted] = useState('');
  const [fileKey, setFileKey] = useState(0);
  const add = useAddQuickOrder();

  function checkRows() {
    const request = rowsRequest(entry.rows);
    entry.setInvalid(request.invalid);
    entry.setEmpty(request.rows !== null && request.rows.length === 0);
    if (request.rows === null || request.rows.length === 0) return;
    runPreview({ kind: 'request', request: { rows: request.rows } }, { from: 'rows' });
  }

  function applyMinimum(index: number, minimum: number) {
    if (!preview) return;
    const { rows: again } = rowsFromPreview(preview.lines, new Map([[index, minimum]]));
    if (again.length > 0) runPreview({ kind: 'request', request: { rows: again } }, { focus: false });
  }

  function afterAdd(corrected: EntryRow[]) {
    const next = [...corrected, ...(source === 'rows' ? [] : filledRows(entry.rows))];
    entry.setRows(next.length > 0 ? next : [newRow()]);
    entry.setLeftOut(corrected.length > 0);
    entry.setInvalid([]);
    setPreview(null);
    setPasted('');
    setFileKey((key) => key + 1);
    check.reset();
    requestAnimationFrame(() => entry.rowsHeading.current?.focus());
  }

  function addToCart() {
    if (!preview) return;
    const { lines, unsent } = linesForCart(preview);
    if (lines.length === 0) return;
    const note = (line: QuickOrderLine) =>
      t('quick-order:rows.note', { line: line.lines.join(', '), message: line.message ?? t(`quick-order:preview.status.${line.status}`) });
    add.mutate({ rows: lines, leftOutBefore: unsent.length }, { onSuccess: (data) => afterAdd(rowsLeftOut(data, unsent, note)) });
  }

  const previewText = (text: string) => runPreview({ kind: 'request', request: { text } }, { from: 'text' });
  const previewFile = (file: QuickOrderFile) => runPreview({ kind: 'file', file }, { from: 'file' });
  return { entry, checkRows, pasted, setPasted, previewText, previewFile, fileKey, preview, setPreview, previewHeading, applyMinimum, addToCart, check, add };
}
