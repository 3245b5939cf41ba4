import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { RelationRecord } from '../../../../shared/api/account';

export interface PersonName {
  firstname: string;
  surname_prefix: string;
  surname: string;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-5 col-lg-4 fw-semibold">{label}</dt>
      <dd className="col-sm-7 col-lg-8 mb-0">{children || '—'}</dd>
    </div>
  );
}

/** The read-only details of the account page: company and contact, then the invoice address. */
export function RelationDetails({ relation, person }: { relation: RelationRecord | null; person: PersonName }) {
  const { t } = useTranslation('account');
  const name = [person.firstname, person.surname_prefix, person.surname].filter(Boolean).join(' ');
  const a = relation?.attributes;
  return (
    <div className="row g-4">
      <section className="col-lg-6" aria-labelledby="my-details-details">
        <h2 id="my-details-details" className="h5">
          {t('myDetails.details')}
        </h2>
        <dl className="mb-0">
          {a ? <Row label={t('myDetails.company')}>{a.name}</Row> : null}
          <Row label={t('myDetails.name')}>{name}</Row>
          {a ? (
            <>
              <Row label={t('myDetails.city')}>{a.address.locality}</Row>
              <Row label={t('myDetails.email')}>{a.mail}</Row>
              <Row label={t('myDetails.phone')}>{a.phone}</Row>
            </>
          ) : null}
        </dl>
      </section>
      {a ? (
        <section className="col-lg-6" aria-labelledby="my-details-invoice-address">
          <h2 id="my-details-invoice-address" className="h5">
            {t('myDetails.invoiceAddress')}
          </h2>
          <dl className="mb-0">
            <Row label={t('myDetails.addressLine')}>{a.address.address_line1}</Row>
            <Row label={t('myDetails.postalCode')}>{a.address.postal_code}</Row>
            <Row label={t('myDetails.city')}>{a.address.locality}</Row>
            <Row label={t('myDetails.countryCode')}>{a.address.country_code}</Row>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
