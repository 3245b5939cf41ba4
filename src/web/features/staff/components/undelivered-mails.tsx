import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useTranslation } from 'react-i18next';

import { Alert } from '../../../components/ui/alert';
import { TableHead } from '../../../components/ui/table-parts';
import { formatMoment } from '../../../lib/format';
import { useUndeliveredMails } from '../api/get-undelivered-mails';

/**
 * Mails the shop gave up on (decision 033): refused for good by the mail server, or failed too
 * often. Staff reach the customer another way (an allergen change above all). Nothing is shown
 * when every mail was delivered.
 */
/** The subject keeps a readable width on a phone: the table scrolls sideways instead of wrapping it word by word. */
const READABLE = { minWidth: '14rem' };

export function UndeliveredMails({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation(['staff', 'errors']);
  const mails = useUndeliveredMails({ enabled });
  const items = mails.data?.data ?? [];
  if (mails.isError) return <Alert variant="danger">{t('errors:generic')}</Alert>;
  if (items.length === 0) return null;

  const when = (iso: string) => formatMoment(iso, i18n.language === 'en' ? 'en' : 'nl');

  return (
    <section className="mb-4" aria-labelledby="undelivered-mails">
      <h2 id="undelivered-mails" className="h5">
        {t('staff:undeliveredMails.title')} <Badge bg="danger">{items.length}</Badge>
      </h2>
      <p className="text-body-secondary">{t('staff:undeliveredMails.intro')}</p>
      <ScrollRegion label={t('staff:undeliveredMails.title')}>
        <Table size="sm" className="align-middle">
          <caption className="visually-hidden">{t('staff:undeliveredMails.title')}</caption>
          <TableHead
            columns={[
              t('staff:undeliveredMails.failedAt'),
              t('staff:undeliveredMails.to'),
              t('staff:undeliveredMails.kind'),
              t('staff:undeliveredMails.subject'),
              { label: t('staff:undeliveredMails.attempts'), className: 'text-end' },
            ]}
          />
          <tbody>
            {items.map((mail) => (
              <tr key={mail.id}>
                <td className="text-nowrap">
                  {when(mail.failed_at)}
                  <div className="small text-body-secondary">{t('staff:undeliveredMails.createdAt', { when: when(mail.created_at) })}</div>
                </td>
                <td className="text-nowrap">{mail.to}</td>
                <td>{t(`staff:undeliveredMails.kinds.${mail.kind}`)}</td>
                <td style={READABLE}>
                  {mail.subject}
                  <div className="small text-body-secondary text-break">{t('staff:undeliveredMails.lastError', { error: mail.last_error })}</div>
                </td>
                <td className="text-end">{mail.attempts}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </section>
  );
}
