import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { QuickOrderLine, QuickOrderPreview } from '../../../../shared/api/quick-order';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddQuickOrder } from '../api/add-quick-order';
import { type PreviewInput, usePreviewQuickOrder } from '../api/preview-quick-order';
import { type EntryRow, filledRows, newRow, rowsFromPreview, rowsRequest, rowsToCorrect } from '../hooks/entry-rows';

import { EntryRows } from './entry-rows';
import { PasteList } from './paste-list';
import { PreviewTable } from './preview-table';
import { UploadFile } from './upload-file';
import { QuickOrderPageHeader } from './page-header';

const START_ROWS = 3;

/**
 * Quick order, /{lang}/quick-order (issue 18, points 1 to 4): typed rows, a pasted list or a
 * file; a preview of every line with the customer's own prices; one click adds every line that
 * can be ordered. Lines left out come back as rows to correct.
 */
export function QuickOrder() {
  const { t } = useTranslation(['quick-order', 'common', 'errors']);
  usePageTitle(t('common:pages.quickOrder'));
  const [rows, setRows] = useState<EntryRow[]>(() => Array.from({ length: START_ROWS }, () => newRow()));
  const [invalid, setInvalid] = useState<number[]>([]);
  const [empty, setEmpty] = useState(false);
  const [pasted, setPasted] = useState('');
  const [fileKey, setFileKey] = useState(0);
  const [preview, setPreview] = useState<QuickOrderPreview | null>(null);
  // what the preview shown is of: after an add, typed rows that were not part of it stay
  const [source, setSource] = useState<'rows' | 'text' | 'file'>('rows');
  const [leftOut, setLeftOut] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const rowsHeading = useRef<HTMLHeadingElement>(null);
  const check = usePreviewQuickOrder();
  const add = useAddQuickOrder();

  function runPreview(input: PreviewInput, { focus = true, from }: { focus?: boolean; from?: typeof source } = {}) {
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

  function checkRows() {
    const request = rowsRequest(rows);
    setInvalid(request.invalid);
    setEmpty(request.rows !== null && request.rows.length === 0);
    if (request.rows === null || request.rows.length === 0) return;
    runPreview({ kind: 'request', request: { rows: request.rows } }, { from: 'rows' });
  }

  function changeRows(next: EntryRow[]) {
    setRows(next);
    setEmpty(false);
    setLeftOut(false);
  }

  function applyMinimum(index: number, minimum: number) {
    if (!preview) return;
    const { rows: again } = rowsFromPreview(preview.lines, new Map([[index, minimum]]));
    if (again.length > 0) runPreview({ kind: 'request', request: { rows: again } }, { focus: false });
  }

  function addToCart() {
    if (!preview) return;
    // A line that is no multiple of its article's order multiple is refused by the server (decision
    // 029): it is not sent but comes back as a row to correct, with the server's message.
    const held = preview.lines.filter((line) => line.status === 'not_multiple');
    const { rows: lines, unsent: unread } = rowsFromPreview(preview.lines.filter((line) => line.status !== 'not_multiple'));
    const unsent = [...unread, ...held];
    if (lines.length === 0) return;
    add.mutate(
      { rows: lines, leftOutBefore: unsent.length },
      {
        onSuccess: (data) => {
          const left: QuickOrderLine[] = [...data.lines.filter((line) => line.added !== true), ...unsent];
          const note = (line: QuickOrderLine) =>
            t('quick-order:rows.note', { line: line.lines.join(', '), message: line.message ?? t(`quick-order:preview.status.${line.status}`) });
          const corrected = rowsToCorrect(left, note);
          const kept = source === 'rows' ? [] : filledRows(rows);
          const next = [...corrected, ...kept];
          setRows(next.length > 0 ? next : [newRow()]);
          setLeftOut(corrected.length > 0);
          setInvalid([]);
          setPreview(null);
          setPasted('');
          setFileKey((key) => key + 1);
          check.reset();
          requestAnimationFrame(() => rowsHeading.current?.focus());
        },
      },
    );
  }

  return (
    <section className="quick-order">
      <QuickOrderPageHeader title={t('quick-order:title')} linkTo='/usual-products' linkText={t('quick-order:toUsual')} />
      <p className="lead fs-6 mb-4">{t('quick-order:intro')}</p>
      <div className="row g-4">
        <div className="col-lg-7">
          <div className="card h-100">
            <div className="card-body p-3 p-md-4">
              <EntryRows
                rows={rows}
                onRowsChange={changeRows}
                onCheck={checkRows}
                checking={check.isPending}
                invalid={invalid}
                leftOut={leftOut}
                empty={empty}
                headingRef={rowsHeading}
              />
            </div>
          </div>
        </div>
        <div className="col-lg-5 d-flex flex-column gap-4">
          <div className="card">
            <div className="card-body p-3 p-md-4">
              <PasteList text={pasted} onTextChange={setPasted} onCheck={(text) => runPreview({ kind: 'request', request: { text } }, { from: 'text' })} checking={check.isPending} />
            </div>
          </div>
          <div className="card">
            <div className="card-body p-3 p-md-4">
              <UploadFile onFile={(file) => runPreview({ kind: 'file', file }, { from: 'file' })} resetKey={fileKey} />
            </div>
          </div>
        </div>
      </div>
      {preview ? (
        <PreviewTable
          preview={preview}
          onUseMinimum={applyMinimum}
          onAdd={addToCart}
          onClear={() => setPreview(null)}
          busy={check.isPending || add.isPending}
          adding={add.isPending}
          headingRef={previewHeading}
        />
      ) : null}
    </section>
  );
}
