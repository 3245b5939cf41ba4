import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/api/account';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useResetPassword } from '../api/reset-password';
import { readResetLink } from '../hooks/reset-link-storage';

import { AuthField, AuthSubmit } from './auth-field';

type Problem = 'mismatch' | 'tooShort' | 'noLink' | null;

/**
 * The two passwords and what is wrong with them; typing clears the problem. Nothing is sent
 * while they differ, are too short, or no link is stored.
 */
function useResetPasswordForm(user: string, onSuccess: () => void) {
  const reset = useResetPassword();
  const [pass, setPass] = useState('');
  const [passConfirm, setPassConfirm] = useState('');
  const [problem, setProblem] = useState<Problem>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    if (pass !== passConfirm) return setProblem('mismatch');
    if (pass.length < PASSWORD_MIN_LENGTH) return setProblem('tooShort');
    const link = readResetLink();
    if (!link) return setProblem('noLink');
    setProblem(null);
    reset.mutate({ user, ...link, pass, passConfirm }, { onSuccess });
  }

  function typed(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setProblem(null);
    };
  }

  return {
    pass,
    passConfirm,
    onPass: typed(setPass),
    onPassConfirm: typed(setPassConfirm),
    problem,
    failed: problem === 'noLink' || reset.isError,
    pending: reset.isPending,
    onSubmit,
  };
}

/** The link did not work (or none is stored): the failure and the way back to the login. */
function ResetFailed() {
  const { t } = useTranslation('auth');
  const to = useLocalizedPath();
  return (
    <Alert variant="danger" role="alert">
      <p className="mb-2">{t('resetPassword.failure')}</p>
      <Link to={to('/user/login')} className="alert-link">
        {t('resetPassword.backToLogin')}
      </Link>
    </Alert>
  );
}

/**
 * New password and confirmation for the user of a mailed link; the link's hash and timestamp
 * come from local storage. Mismatched passwords are refused here and nothing is sent.
 */
export function ResetPasswordForm({ user, onSuccess }: { user: string; onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const { pass, passConfirm, onPass, onPassConfirm, problem, failed, pending, onSubmit } = useResetPasswordForm(user, onSuccess);
  const fieldProblem =
    problem === 'mismatch' ? t('resetPassword.mismatch') : problem === 'tooShort' ? t('resetPassword.tooShort', { count: PASSWORD_MIN_LENGTH }) : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      {failed ? <ResetFailed /> : null}
      <p className="alert alert-info">{t('resetPassword.note')}</p>
      <AuthField
        id="reset-password-pass"
        label={t('resetPassword.pass')}
        name="pass"
        autoComplete="new-password"
        maxLength={1024}
        value={pass}
        onChange={onPass}
      />
      <AuthField
        id="reset-password-confirm"
        label={t('resetPassword.passConfirm')}
        name="passConfirm"
        autoComplete="new-password"
        last
        maxLength={1024}
        value={passConfirm}
        problem={fieldProblem}
        onChange={onPassConfirm}
      />
      <AuthSubmit
        pending={pending}
        disabled={pass === '' || passConfirm === '' || pending}
        label={t('resetPassword.submit')}
        pendingLabel={t('resetPassword.submitting')}
      />
    </form>
  );
}
