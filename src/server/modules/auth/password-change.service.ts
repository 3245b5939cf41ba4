import { type ChangePasswordRequest, PASSWORD_MIN_LENGTH, type PasswordField } from '../../../shared/api/account';
import { actorOf } from '../../context/actor';
import type { ActiveSession } from '../../context/session';
import { AppError } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { AUTH_MESSAGES, type AuthMessage, authMessage } from './auth.messages';
import { type FloodService, floodRules } from './flood.service';
import type { PasswordService } from './password.service';

export type ChangePasswordResult =
  | { status: 1 }
  | { status: 0; validation: Array<{ field: PasswordField; message: string }>; message: string };

/** The account page's password form (POST /api/account/change-password). */
export function createPasswordChangeService(deps: { passwords: PasswordService; flood: FloodService }) {
  return {
    /**
     * Changes the caller's password: the current one must be right, new and repeat at least 5
     * characters and equal. Every field gets its own message; on success the other sessions of
     * the user end and this one stays. The current password is checked under login's flood rule:
     * after 5 wrong ones in 6 hours the user gets 429, even with the right one (decision 006).
     */
    async changeOwn(session: ActiveSession, input: ChangePasswordRequest, lang: Lang, ip?: string): Promise<ChangePasswordResult> {
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

      await deps.passwords.setPassword(session.user.id, input.new, { actor: actorOf(session, ip), action: 'user.password_change' }, { keepSessionId: session.id });
      return { status: 1 };
    },
  };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
