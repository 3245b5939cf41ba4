import { useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Button } from '../../../components/ui/button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { CreatePaymentLinkResponse } from '../../../../shared/api/payments';
import { formatEuros } from '../../../lib/format';
import { TableHead } from '../../../components/ui/table-parts';

export interface PaymentLinkShown {
  /** The relation's name, for the title. */
  company: string;
  link: CreatePaymentLinkResponse;
}

interface Props {
  shown: PaymentLinkShown | null;
  onHide: () => void;
}

type CopyState = 'idle' | 'copied' | 'selected';


/**
 * The payment link staff made for a relation: the amount, the invoices it pays and the link in
 * a read-only field with 'Copy' (the clipboard, or else the text selected for Ctrl+C).
 */
export function PaymentLinkModal({ shown, onHide }: Props) {
  // The last link stays in the dialog while it fades out.
  const [last, setLast] = useState<PaymentLinkShown | null>(shown);
  if (shown !== null && shown !== last) setLast(shown);
  const content = shown ?? last;
  return (
    <Modal show={shown !== null} onHide={onHide} onExited={() => setLast(null)} centered aria-labelledby="payment-link-title">
      {content ? <PaymentLinkBody key={content.link.url} shown={content} onHide={onHide} /> : null}
    </Modal>
  );
}

/** 'Copy': to the clipboard, or else the link selected in its field for Ctrl+C. */
function useCopyLink(url: string) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  function selectLink() {
    input.current?.focus();
    input.current?.select();
  }

  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // no clipboard (an insecure page, or permission refused): select it for Ctrl+C
      selectLink();
      setCopy('selected');
    }
  }

  return { input, copy, copyLink };
}

/** The invoices the link pays, a credit note marked as such, with their outstanding amounts. */
function LinkInvoices({ invoices }: { invoices: CreatePaymentLinkResponse['invoices'] }) {
  const { t } = useTranslation('staff');
  return (
    <Table size="sm" className="mb-3">
      <caption className="caption-top pt-0">{t('paymentLink.invoices')}</caption>
      <TableHead columns={[t('paymentLink.invoiceNumber'), { label: t('paymentLink.outstanding'), className: 'text-end' }]} />
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.invoiceNumber}>
            <td>
              {invoice.invoiceNumber}
              {invoice.outstandingAmount < 0 ? (
                <Badge bg="secondary" className="ms-2">
                  {t('paymentLink.credit')}
                </Badge>
              ) : null}
            </td>
            <td className="text-end text-nowrap">{formatEuros(invoice.outstandingAmount)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function PaymentLinkBody({ shown, onHide }: { shown: PaymentLinkShown; onHide: () => void }) {
  const { t } = useTranslation('staff');
  const { company, link } = shown;
  const { input, copy, copyLink } = useCopyLink(link.url);

  return (
    <>
      <Modal.Header closeButton closeLabel={t('paymentLink.close')}>
        <Modal.Title id="payment-link-title" as="h2" className="h5">
          {t('paymentLink.title', { company })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">{t('paymentLink.intro')}</p>
        <dl className="d-flex justify-content-between align-items-baseline border-bottom pb-2 mb-3">
          <dt className="fw-semibold">{t('paymentLink.amount')}</dt>
          <dd className="mb-0 fs-5 fw-bold" data-testid="payment-link-amount">
            {link.amount.formatted}
          </dd>
        </dl>
        <LinkInvoices invoices={link.invoices} />
        <Form.Label htmlFor="payment-link-url">{t('paymentLink.link')}</Form.Label>
        <InputGroup>
          <Form.Control id="payment-link-url" ref={input} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
          <Button variant={copy === 'copied' ? 'success' : 'primary'} onClick={() => void copyLink()}>
            {copy === 'copied' ? t('paymentLink.copied') : t('paymentLink.copy')}
          </Button>
        </InputGroup>
        <p className="form-text mb-0" role="status" aria-live="polite">
          {copy === 'copied' ? t('paymentLink.copiedNote') : copy === 'selected' ? t('paymentLink.selectedNote') : null}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('paymentLink.close')}
        </Button>
      </Modal.Footer>
    </>
  );
}
