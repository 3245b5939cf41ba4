import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useLogin } from '../api/login';

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
    const error = login.error;
    if (error instanceof ApiError && error.status === 429) failure = error.message;
    else if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) failure = t('errors:generic');
    else failure = t('auth:login.failure');
  }

  return (
    <Form onSubmit={onSubmit} aria-describedby={failure ? errorId : undefined}>
      {failure ? (
        <Alert variant="danger" id={errorId} role="alert">
          {failure}
        </Alert>
      ) : null}
      <Form.Group className="mb-3" controlId="login-name">
        <Form.Label>{t('auth:login.username')}</Form.Label>
        <Form.Control
          name="name"
          autoComplete="username"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-pass">
        <Form.Label>{t('auth:login.password')}</Form.Label>
        <Form.Control
          type="password"
          name="pass"
          autoComplete="current-password"
          required
          value={pass}
          onChange={(event) => setPass(event.target.value)}
        />
      </Form.Group>
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">
        <Form.Check
          id="login-remember"
          name="remember"
          label={t('auth:login.rememberMe')}
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <Link to={to('/user/password')}>{t('auth:login.forgotPassword')}</Link>
      </div>
      <Button type="submit" variant="primary" size="lg" className="w-100" disabled={!filled || login.isPending}>
        {login.isPending ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('auth:login.submitting')}
          </>
        ) : (
          t('auth:login.submit')
        )}
      </Button>
    </Form>
  );
}
