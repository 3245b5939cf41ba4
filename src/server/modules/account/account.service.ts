import {
  type ChangePasswordRequest,
  type CurrentUserRecord,
  PASSWORD_MIN_LENGTH,
  type PasswordField,
} from '../../../shared/api/account';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { AUTH_MESSAGES, type AuthMessage, authMessage } from '../auth/auth.messages';
import { type FloodService, floodRules } from '../auth/flood.service';
import type { PasswordService } from '../auth/password.service';
import type { ActiveSession } from '../../context/session';
import { ACCOUNT_MESSAGES } from './account.messages';
import * as repo from './account.repository';

export type ChangePasswordResult =
  | { status: 1 }
  | { status: 0; validation: Array<{ field: PasswordField; message: string }>; message: string };

const asLang = (code: string): 'nl' | 'en' => (code === 'en' ? 'en' : 'nl');

export function displayName(user: { name: string; firstname: string; surnamePrefix: string; surname: string }) {
  const full = [user.firstname, user.surnamePrefix, user.surname].filter(Boolean).join(' ');
  return full || user.name;
}

export function createAccountService(db: Db, deps: { passwords: PasswordService; flood: FloodService }) {
  return {
    /** The record of spec section 3 "Current user"; an inactive relation counts as none. */
    async currentUser(session: ActiveSession): Promise<CurrentUserRecord> {
      const row = await repo.findUserWithRelation(db, session.user.id);
      if (!row) throw notFound(localized(ACCOUNT_MESSAGES, 'user_not_found'), 'user_not_found');
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

    /**
     * Changes the caller's password: the current one must be right, new and repeat at least 5
     * characters and equal. Every field gets its own message; on success the other sessions of
     * the user end and this one stays. The current password is checked under login's flood rule:
     * after 5 wrong ones in 6 hours the user gets 429, even with the right one (decision 006).
     */
    async changePassword(session: ActiveSession, input: ChangePasswordRequest, lang: Lang): Promise<ChangePasswordResult> {
      const validation: Array<{ field: PasswordField; message: string }> = [];
      const problem = (field: PasswordField, key: AuthMessage) => validation.push({ field, message: authMessage(lang, key) });
      if (input.current === '') problem('current', 'currentPasswordEmpty');
      else {
        const outcome = await deps.flood.verifyLimited(floodRules.passwordChangeAccount, String(session.user.id), () =>
          deps.passwords.verify(session.user.id, input.current),
        );
        if (outcome === 'blocked') throw new AppError(429, 'password_change_blocked', localized(AUTH_MESSAGES, 'password_change_blocked'));
        if (outcome === 'failed') problem('current', 'currentPasswordWrong');
      }
      if (input.new.length < PASSWORD_MIN_LENGTH) problem('new', 'newPasswordTooShort');
      if (input.repeat.length < PASSWORD_MIN_LENGTH) problem('repeat', 'repeatPasswordTooShort');
      else if (input.new !== input.repeat) problem('repeat', 'passwords_do_not_match');
      if (validation.length > 0) return { status: 0, validation, message: authMessage(lang, 'invalid_password_change') };

      await deps.passwords.setPassword(session.user.id, input.new, { keepSessionId: session.id });
      return { status: 1 };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
