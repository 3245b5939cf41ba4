import { Button } from '../../../components/ui/button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { Quote } from '../../../../shared/api/catalog';
import { TableHead } from '../../../components/ui/table-parts';

import { formatDay } from '../../../lib/format';

function QuoteBlock({ quote, headingId }: { quote: Quote; headingId: string }) {
  const { t } = useTranslation('catalog');
  return (
    <section className="quote mb-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-1">
        {quote.url ? (
          <a href={quote.url} target="_blank" rel="noopener noreferrer">
            {quote.label}
            <span className="visually-hidden"> {t('quotes.opensInNewTab')}</span>
          </a>
        ) : (
          quote.label
        )}
      </h3>
      {quote.valid_until ? <p className="small text-body-secondary mb-2">{t('quotes.validUntil', { date: formatDay(quote.valid_until) })}</p> : null}
      <Table size="sm" responsive className="mb-0 align-middle">
        <TableHead
          className="text-nowrap"
          columns={[{ label: t('quotes.quantity'), className: 'text-end' }, { label: t('quotes.price'), className: 'text-end' }, t('quotes.unit'), t('quotes.remark')]}
        />
        <tbody>
          {quote.productData.map((line) => (
            <tr key={line.target_id}>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end text-nowrap fw-semibold">{line.quote_price_formatted}</td>
              <td>{line.unit_label}</td>
              <td>{line.remark}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** 'Better price for {product}': the relation's quotes that name this product (spec sections 2 and 3). */
export function QuoteDialog({ productName, quotes, show, onHide }: { productName: string; quotes: Quote[]; show: boolean; onHide: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="quote-dialog-title" centered>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" id="quote-dialog-title" className="h5">
          {t('quotes.title', { product: productName })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {quotes.map((quote, index) => (
          <QuoteBlock key={quote.id} quote={quote} headingId={`quote-${index}-title`} />
        ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('quotes.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
