import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { failureText } from '../../../lib/api/failure-text';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useLogin } from '../api/login';

import { AuthField, AuthSubmit } from './auth-field';

/**
 * Username, password, remember me. Login stays disabled until both fields hold something
 * (spec section 5). A flood block (429) shows the server's own message. 'Remember me' is sent
 * as `remember`: unticked, the session ends with the browser (decision 015).
 */
export function LoginForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const to = useLocalizedPath();
  const login = useLogin();
  const errorId = useId();
  const [name, setName] = useState('');
  const [pass, setPass] = useState('');
  const [remember, setRemember] = useState(false);

  const filled = name.trim() !== '' && pass !== '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!filled || login.isPending) return;
    login.mutate({ name: name.trim(), pass, remember });
  }

  let failure: string | null = null;
  if (login.isError) {
    // no answer or a 5xx: the generic text; a refused login: the login's own (spec section 8)
    failure = failureText(login.error, t('errors:generic'), { clientText: t('auth:login.failure'), networkMessage: false, forbiddenLogsOut: false });
  }

  return (
    <form onSubmit={onSubmit} aria-describedby={failure ? errorId : undefined}>
      {failure ? (
        <Alert variant="danger" id={errorId} role="alert">
          {failure}
        </Alert>
      ) : null}
      <AuthField id="login-name" label={t('auth:login.username')} name="name" autoComplete="username" value={name} onChange={setName} />
      <AuthField id="login-pass" label={t('auth:login.password')} name="pass" autoComplete="current-password" value={pass} onChange={setPass} />
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">
        <div className="form-check">
          <input
            type="checkbox"
            id="login-remember"
            name="remember"
            className="form-check-input"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <label htmlFor="login-remember" className="form-check-label">
            {t('auth:login.rememberMe')}
          </label>
        </div>
        <Link to={to('/user/password')}>{t('auth:login.forgotPassword')}</Link>
      </div>
      <AuthSubmit
        pending={login.isPending}
        disabled={!filled || login.isPending}
        label={t('auth:login.submit')}
        pendingLabel={t('auth:login.submitting')}
      />
    </form>
  );
}
