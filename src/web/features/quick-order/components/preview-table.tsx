import { type Ref, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';

import { TableHead } from '../../../components/ui/table-parts';

import type { QuickOrderLine, QuickOrderPreview } from '../../../../shared/api/quick-order';

import { StatusLabel } from './status-label';
import { multipleOf } from '../../../components/ui/sales-unit';
import { MultipleOffer } from '../../../components/ui/sales-unit-info';
import { smallestOrderable } from '../../../../shared/sales-unit';
import { Thumbnail } from '../../../components/ui/thumbnail';

interface Props {
  preview: QuickOrderPreview;
  /** 'Use minimum N' on a line below its minimum, or the next multiple (by the line's index): never changed without it. */
  onUseMinimum: (index: number, minimum: number) => void;
  onAdd: () => void;
  onClear: () => void;
  busy: boolean;
  adding: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

const dash = '–';

function LineStatus({ line, index, onUseMinimum, busy }: { line: QuickOrderLine; index: number; onUseMinimum: Props['onUseMinimum']; busy: boolean }) {
  const { t } = useTranslation('quick-order');
  // Below the minimum the offer is the first quantity that may be ordered: a multiple (decision 029).
  const multiple = multipleOf(line.product?.sales_unit);
  const minimum = line.product?.minimum_quantity == null ? null : smallestOrderable(line.product.minimum_quantity, multiple);
  return (
    <>
      <StatusLabel status={line.status} />
      {line.message ? <span className="d-block small">{line.message}</span> : null}
      {line.merged && line.status !== 'ok' ? <span className="d-block small">{t('preview.merged', { lines: line.lines.join(', ') })}</span> : null}
      {line.status === 'below_minimum' && minimum !== null ? (
        <Button
          variant="outline-primary"
          size="sm"
          className="mt-1"
          disabled={busy}
          aria-label={t('preview.useMinimumFor', { minimum, article: line.product?.title ?? line.article })}
          onClick={() => onUseMinimum(index, minimum)}
        >
          {t('preview.useMinimum', { minimum })}
        </Button>
      ) : null}
      {line.status === 'not_multiple' && line.quantity !== null ? (
        <MultipleOffer quantity={line.quantity} multiple={multiple} name={line.product?.title ?? line.article} disabled={busy} onAccept={(next) => onUseMinimum(index, next)} />
      ) : null}
    </>
  );
}

interface LineProps {
  line: QuickOrderLine;
  index: number;
  onUseMinimum: Props['onUseMinimum'];
  busy: boolean;
}

function PreviewLine({ line, index, onUseMinimum, busy }: LineProps) {
  const { t } = useTranslation('quick-order');
  return (
    <tr data-status={line.status} data-testid="preview-line" className={line.status === 'ok' ? undefined : 'quick-order-problem'}>
      <td data-label={t('preview.columns.lines')}>{line.lines.join(', ') || dash}</td>
      <td className="quick-order-article" data-label={t('preview.columns.article')}>
        {line.article || dash}
      </td>
      <td className="quick-order-product" data-label={t('preview.columns.product')}>
        {line.product ? (
          <span className="d-flex align-items-center gap-2">
            <Thumbnail src={line.product.image?.small_thumbnail} />
            <span>{line.product.title}</span>
          </span>
        ) : (
          dash
        )}
      </td>
      <td className="text-end" data-label={t('preview.columns.quantity')}>
        {line.quantity ?? dash}
      </td>
      <td className="text-end text-nowrap" data-label={t('preview.columns.unitPrice')}>
        {line.unit_price?.formatted ?? dash}
      </td>
      <td className="text-end text-nowrap" data-label={t('preview.columns.total')}>
        {line.total_price?.formatted ?? dash}
      </td>
      <td className="quick-order-line-status" data-label={t('preview.columns.status')}>
        <LineStatus line={line} index={index} onUseMinimum={onUseMinimum} busy={busy} />
      </td>
    </tr>
  );
}

function PreviewLines({ id, preview, onUseMinimum, busy }: { id: string; preview: QuickOrderPreview; onUseMinimum: Props['onUseMinimum']; busy: boolean }) {
  const { t } = useTranslation('quick-order');
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <table className="table align-middle quick-order-preview-table">
        <caption id={`${id}-caption`} className="visually-hidden">
          {t('preview.caption')}
        </caption>
        <TableHead
          columns={[
            t('preview.columns.lines'),
            t('preview.columns.article'),
            t('preview.columns.product'),
            { label: t('preview.columns.quantity'), className: 'text-end' },
            { label: t('preview.columns.unitPrice'), className: 'text-end' },
            { label: t('preview.columns.total'), className: 'text-end' },
            t('preview.columns.status'),
          ]}
        />
        <tbody>
          {preview.lines.map((line, index) => (
            <PreviewLine key={`${index}-${line.lines.join(',')}`} line={line} index={index} onUseMinimum={onUseMinimum} busy={busy} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The totals exactly as the server gave them (the web computes no money). */
function PreviewTotals({ preview }: { preview: QuickOrderPreview }) {
  const { t } = useTranslation('quick-order');
  return (
    <dl className="quick-order-totals ms-auto" data-testid="quick-order-totals">
      <div>
        <dt>{t('preview.subtotal')}</dt>
        <dd>{preview.subtotal.formatted}</dd>
      </div>
      {preview.taxes.map((tax) => (
        <div key={`${tax.label}-${tax.percentage}`}>
          <dt>{tax.label}</dt>
          <dd>{tax.amount.formatted}</dd>
        </div>
      ))}
      <div className="fw-semibold">
        <dt>{t('preview.total')}</dt>
        <dd>{preview.total.formatted}</dd>
      </div>
    </dl>
  );
}

/**
 * The preview: one row per line the server returned, with the customer's own prices and a status,
 * and the totals exactly as the server gave them (the web computes no money).
 */
export function PreviewTable({ preview, onUseMinimum, onAdd, onClear, busy, adding, headingRef }: Props) {
  const { t } = useTranslation('quick-order');
  const id = useId();
  const { ok_count: ok, problem_count: problems } = preview;
  return (
    <section aria-labelledby={`${id}-heading`} className="quick-order-preview card mt-4" data-testid="quick-order-preview">
      <div className="card-body p-3 p-md-4">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="h5">
          {t('preview.heading')}
        </h2>
        <p className="mb-3">
          {t('preview.okCount', { count: ok })}
          {problems > 0 ? <>; {t('preview.problemCount', { count: problems })}</> : null}
        </p>
        <PreviewLines id={id} preview={preview} onUseMinimum={onUseMinimum} busy={busy} />
        <PreviewTotals preview={preview} />
        <p className="form-text text-end">{t('preview.shippingNote')}</p>
        {ok === 0 ? <p className="quick-order-note">{t('preview.nothingToAdd')}</p> : null}
        <div className="d-flex flex-wrap justify-content-end gap-2">
          <Button variant="outline-primary" onClick={onClear} disabled={adding}>
            {t('preview.clear')}
          </Button>
          <Button variant="primary" onClick={onAdd} disabled={ok === 0 || busy}>
            {adding ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('preview.add', { count: ok })}
          </Button>
        </div>
      </div>
    </section>
  );
}
