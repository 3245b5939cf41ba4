import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { failureText } from '../../../lib/api/failure-text';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useRequestPasswordReset } from '../api/request-password-reset';

import { AuthField, AuthSubmit } from './auth-field';

/** The way back to the login, under the form and under the message after sending. */
function BackToLogin() {
  const { t } = useTranslation('auth');
  const to = useLocalizedPath();
  return (
    <p className="mt-4 mb-0">
      <Link to={to('/user/login')}>{t('forgotPassword.backToLogin')}</Link>
    </p>
  );
}

/** The request's failure in the form's own words; a rate limit (429) shows the server's text. */
function useFailureText(error: Error | null): string | null {
  const { t } = useTranslation('auth');
  return error
    ? failureText(error, t('forgotPassword.failure'), { clientText: t('forgotPassword.failure'), networkMessage: false, forbiddenLogsOut: false })
    : null;
}

/**
 * Username and Send (disabled until a name is entered). After sending, the same message for
 * known and unknown names (spec sections 2 and 4); a flood block (429) shows the server's text.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [name, setName] = useState('');
  const failure = useFailureText(request.error);

  const trimmed = name.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || request.isPending) return;
    request.mutate({ name: trimmed });
  }

  if (request.isSuccess) {
    return (
      <>
        <Alert variant="success" role="status">
          {t('forgotPassword.mailed', { name: request.variables.name })}
        </Alert>
        <BackToLogin />
      </>
    );
  }

  return (
    <form onSubmit={onSubmit}>
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}
      <AuthField
        id="forgot-password-name"
        label={t('forgotPassword.username')}
        name="name"
        autoComplete="username"
        last
        maxLength={254}
        value={name}
        onChange={setName}
      />
      <AuthSubmit
        pending={request.isPending}
        disabled={trimmed === '' || request.isPending}
        label={t('forgotPassword.submit')}
        pendingLabel={t('forgotPassword.submitting')}
      />
      <BackToLogin />
    </form>
  );
}
