import { useTranslation } from 'react-i18next';

import { Alert } from '../../../../components/ui/alert';
import type { RelationRecord } from '../../../../../shared/api/account';

import { CheckoutOption } from './checkout-option';

interface AddressLines {
  address_line1: string;
  postal_code: string;
  locality: string;
  country_code: string;
}

function Address({ name, address }: { name?: string; address: AddressLines }) {
  return (
    <address className="mb-0">
      {name ? (
        <>
          <span className="fw-semibold">{name}</span>
          <br />
        </>
      ) : null}
      {address.address_line1}
      <br />
      {address.postal_code} {address.locality}
      <br />
      {address.country_code}
    </address>
  );
}

interface Props {
  relation: RelationRecord | undefined;
  /** True when the user has no relation (spec section 8: 'No relation found'). */
  noRelation: boolean;
  /** The chosen delivery address (profile id). */
  profile: number | null;
  disabled: boolean;
  onChoose: (profileId: number) => void;
}

/** Block 1 of the checkout: the billing address (read-only) and the choice among the delivery addresses. */
export function CheckoutAddress({ relation, noRelation, profile, disabled, onChoose }: Props) {
  const { t } = useTranslation('checkout');
  if (noRelation) return <Alert variant="warning">{t('address.noRelation')}</Alert>;
  if (!relation) return <p className="text-body-secondary mb-0">{t('loading')}</p>;
  const { name, address, delivery_addresses: addresses } = relation.attributes;
  return (
    <div className="row g-4">
      <div className="col-md-5">
        <h3 className="h6 text-uppercase text-body-secondary">{t('address.billing')}</h3>
        <Address name={name} address={address} />
      </div>
      <div className="col-md-7">
        {addresses.length === 0 ? (
          <>
            <h3 className="h6 text-uppercase text-body-secondary">{t('address.delivery')}</h3>
            <p className="mb-0">{t('address.ownAddress')}</p>
          </>
        ) : (
          <fieldset className="checkout-delivery-addresses" disabled={disabled}>
            <legend className="h6 text-uppercase text-body-secondary">{t('address.delivery')}</legend>
            {addresses.map((option) => (
              <CheckoutOption
                key={option.profile_id}
                group="profile"
                value={option.profile_id}
                checked={profile === option.profile_id}
                onChoose={() => onChoose(option.profile_id)}
                label={
                  <>
                    <span className="fw-semibold d-block">{option.label}</span>
                    <span className="text-body-secondary small">
                      {option.address_line1}, {option.postal_code} {option.locality}, {option.country_code}
                    </span>
                  </>
                }
              />
            ))}
          </fieldset>
        )}
      </div>
    </div>
  );
}
