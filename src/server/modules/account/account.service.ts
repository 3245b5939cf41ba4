import type { CurrentUserRecord } from '../../../shared/api/account';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { ActiveSession } from '../auth/session.service';
import * as repo from './account.repository';

const asLang = (code: string): 'nl' | 'en' => (code === 'en' ? 'en' : 'nl');

export function displayName(user: { name: string; firstname: string; surnamePrefix: string; surname: string }) {
  const full = [user.firstname, user.surnamePrefix, user.surname].filter(Boolean).join(' ');
  return full || user.name;
}

export function createAccountService(db: Db) {
  return {
    /** The record of spec section 3 "Current user"; an inactive relation counts as none. */
    async currentUser(session: ActiveSession): Promise<CurrentUserRecord> {
      const row = await repo.findUserWithRelation(db, session.user.id);
      if (!row) throw notFound('User not found.');
      const { user, relation } = row;
      return {
        type: 'user--user',
        id: user.uuid,
        drupal_internal__uid: user.id,
        name: user.name,
        display_name: displayName(user),
        mail: user.mail,
        roles: ['authenticated', ...user.roles],
        is_masquerading: session.masqueradeFromUserId !== null,
        firstname: user.firstname,
        surname_prefix: user.surnamePrefix,
        surname: user.surname,
        langcode: asLang(user.langcode),
        active_relation:
          relation && relation.active
            ? {
                type: 'relation--relation',
                id: relation.uuid,
                drupal_internal__id: relation.id,
                name: relation.name,
                pricelist: relation.pricelist,
                langcode: asLang(relation.langcode),
              }
            : null,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
