import type { CurrentUserRecord } from '../../../shared/api/account';
import { displayName } from '../../context/display-name';
import type { ActiveSession } from '../../context/session';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { localized } from '../../i18n';
import { userProfile } from '../auth/auth.service';
import { ACCOUNT_MESSAGES } from './account.messages';
import * as repo from './account.repository';

const asLang = (code: string): 'nl' | 'en' => (code === 'en' ? 'en' : 'nl');

export function createAccountService(db: Db) {
  return {
    /** The record of spec section 3 "Current user"; an inactive relation counts as none. */
    async currentUser(session: ActiveSession): Promise<CurrentUserRecord> {
      const user = await userProfile(db, session.user.id);
      if (!user) throw notFound(localized(ACCOUNT_MESSAGES, 'user_not_found'), 'user_not_found');
      const relation = user.relationId === null ? undefined : await repo.findRelation(db, user.relationId);
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
