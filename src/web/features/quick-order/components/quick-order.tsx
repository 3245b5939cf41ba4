import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../lib/use-page-title';
import type { QuickOrderFile } from '../api/preview-quick-order';
import { useQuickOrder } from '../hooks/use-quick-order';

import { EntryRows } from './entry-rows';
import { PasteList } from './paste-list';
import { PreviewTable } from './preview-table';
import { UploadFile } from './upload-file';
import { QuickOrderPageHeader } from './page-header';

/** A card around one way of entering lines. */
function EntryCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `card ${className}` : 'card'}>
      <div className="card-body p-3 p-md-4">{children}</div>
    </div>
  );
}

interface OtherSourcesProps {
  pasted: string;
  onPastedChange: (text: string) => void;
  onCheckText: (text: string) => void;
  checking: boolean;
  onFile: (file: QuickOrderFile) => void;
  fileKey: number;
}

/** Beside the typed rows: a pasted list and a file. */
function OtherSources({ pasted, onPastedChange, onCheckText, checking, onFile, fileKey }: OtherSourcesProps) {
  return (
    <div className="col-lg-5 d-flex flex-column gap-4">
      <EntryCard>
        <PasteList text={pasted} onTextChange={onPastedChange} onCheck={onCheckText} checking={checking} />
      </EntryCard>
      <EntryCard>
        <UploadFile onFile={onFile} resetKey={fileKey} />
      </EntryCard>
    </div>
  );
}

/**
 * Quick order, /{lang}/quick-order (issue 18, points 1 to 4): typed rows, a pasted list or a
 * file; a preview of every line with the customer's own prices; one click adds every line that
 * can be ordered. Lines left out come back as rows to correct.
 */
export function QuickOrder() {
  const { t } = useTranslation(['quick-order', 'common', 'errors']);
  usePageTitle(t('common:pages.quickOrder'));
  const { entry, checkRows, pasted, setPasted, previewText, previewFile, fileKey, preview, setPreview, previewHeading, applyMinimum, addToCart, check, add } =
    useQuickOrder();
  return (
    <section className="quick-order">
      <QuickOrderPageHeader title={t('quick-order:title')} linkTo='/usual-products' linkText={t('quick-order:toUsual')} />
      <p className="lead fs-6 mb-4">{t('quick-order:intro')}</p>
      <div className="row g-4">
        <div className="col-lg-7">
          <EntryCard className="h-100">
            <EntryRows
              rows={entry.rows}
              onRowsChange={entry.changeRows}
              onCheck={checkRows}
              checking={check.isPending}
              invalid={entry.invalid}
              leftOut={entry.leftOut}
              empty={entry.empty}
              headingRef={entry.rowsHeading}
            />
          </EntryCard>
        </div>
        <OtherSources pasted={pasted} onPastedChange={setPasted} onCheckText={previewText} checking={check.isPending} onFile={previewFile} fileKey={fileKey} />
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
