import { useTranslation } from 'react-i18next';

import type { StaffCustomerResponse } from '../../../../shared/api/staff-customer';
import { SectionCard } from '../../../components/ui/section-card';

type Relation = StaffCustomerResponse['relation'];

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];
const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children || '–'}</dd>
    </>
  );
}

/** The relation as the ERP knows it: number, price list, language, address, contact, delivery days. */
export function RelationFacts({ relation }: { relation: Relation }) {
  const { t } = useTranslation('staff-customer');
  const days = relation.delivery_days.filter(isWeekday);
  return (
    <SectionCard id="customer-facts" title={t('facts.title')}>
      <dl className="row mb-0">
        <Fact label={t('facts.erpNumber')}>{relation.erp_number}</Fact>
        <Fact label={t('facts.pricelist')}>
          {relation.pricelist.name} <span className="text-body-secondary">({relation.pricelist.code})</span>
        </Fact>
        <Fact label={t('facts.language')}>{t(`languages.${relation.langcode}`)}</Fact>
        <Fact label={t('facts.address')}>
          {relation.address.address_line1}
          {relation.address.address_line1 && <br />}
          {[relation.address.postal_code, relation.address.locality].filter(Boolean).join(' ')}
        </Fact>
        <Fact label={t('facts.phone')}>{relation.phone}</Fact>
        <Fact label={t('facts.email')}>{relation.mail && <a href={`mailto:${relation.mail}`}>{relation.mail}</a>}</Fact>
        <Fact label={t('facts.coc')}>{relation.coc_number}</Fact>
        <Fact label={t('facts.vat')}>{relation.vat_number}</Fact>
        <Fact label={t('facts.deliveryDays')}>{days.length > 0 ? days.map((day) => t(`weekdays.${day}`)).join(', ') : t('facts.everyWeekday')}</Fact>
      </dl>
    </SectionCard>
  );
}

/** The relation's delivery addresses, the default one marked. */
export function RelationAddresses({ addresses }: { addresses: StaffCustomerResponse['addresses'] }) {
  const { t } = useTranslation('staff-customer');
  return (
    <SectionCard id="customer-addresses" title={t('addresses.title')}>
      {addresses.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('addresses.none')}</p>
      ) : (
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {addresses.map((address) => (
            <li key={address.profile_id}>
              <strong>{address.label}</strong> {address.is_default && <span className="badge text-bg-secondary">{t('addresses.default')}</span>}
              <br />
              {address.address_line1}
              <br />
              {address.postal_code} {address.locality}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
