import type { RelationRecord } from '../../../shared/api/account';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { COMMON_MESSAGES } from '../../common.messages';
import { localized } from '../../i18n';
import { ACCOUNT_MESSAGES } from './account.messages';
import type { ActiveSession } from '../../context/session';
import * as repo from './relation.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createRelationService(db: Db) {
  return {
    /**
     * The caller's own active relation as a JSON:API resource (spec section 3, Relation). Any
     * other uuid answers 404, so the call tells nothing about other customers.
     */
    async ownRelation(session: ActiveSession, uuid: string): Promise<RelationRecord> {
      const relationId = session.user.relationId;
      if (relationId === null) throw notFound(localized(COMMON_MESSAGES, 'no_relation'), 'no_relation');
      const relation = UUID.test(uuid) ? await repo.findOwnActiveRelation(db, relationId, uuid.toLowerCase()) : undefined;
      if (!relation) throw notFound(localized(ACCOUNT_MESSAGES, 'relation_not_found'), 'relation_not_found');
      const addresses = await repo.findDeliveryAddresses(db, relation.id);
      return {
        type: 'relation--relation',
        id: relation.uuid,
        attributes: {
          drupal_internal__id: relation.id,
          name: relation.name,
          address: {
            address_line1: relation.addressLine1,
            postal_code: relation.postalCode,
            locality: relation.locality,
            country_code: relation.countryCode,
          },
          phone: relation.phone,
          mail: relation.mail,
          coc_number: relation.cocNumber,
          vat_number: relation.vatNumber,
          free_delivery_amount: relation.freeDeliveryAmount,
          delivery_days: relation.deliveryDays,
          delivery_addresses: addresses.map((a) => ({
            profile_id: a.id,
            label: a.label,
            address_line1: a.addressLine1,
            postal_code: a.postalCode,
            locality: a.locality,
            country_code: a.countryCode,
          })),
          pricelist: relation.pricelist,
          langcode: relation.langcode === 'en' ? 'en' : 'nl',
        },
      };
    },
  };
}

export type RelationService = ReturnType<typeof createRelationService>;
