import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * Username and Send (disabled until a name is entered). After sending, the same message for
 * known and unknown names (spec sections 2 and 4); a flood block (429) shows the server's text.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const to = useLocalizedPath();
  const request = useRequestPasswordReset();
  const [name, setName] = useState('');

  const trimmed = name.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || request.isPending) return;
    request.mutate({ name: trimmed });
  }

  const backToLogin = (
    <p className="mt-4 mb-0">
      <Link to={to('/user/login')}>{t('forgotPassword.backToLogin')}</Link>
    </p>
  );

  if (request.isSuccess) {
    return (
      <>
        <Alert variant="success" role="status">
          {t('forgotPassword.mailed', { name: request.variables.name })}
        </Alert>
        {backToLogin}
      </>
    );
  }

  const error = request.error;
  const failure = error
    ? error instanceof ApiError && error.status === 429
      ? error.message
      : t('forgotPassword.failure')
    : null;

  return (
    <Form onSubmit={onSubmit}>
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Form.Group className="mb-4" controlId="forgot-password-name">
        <Form.Label>{t('forgotPassword.username')}</Form.Label>
        <Form.Control
          name="name"
          autoComplete="username"
          required
          maxLength={254}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="primary" size="lg" className="w-100" disabled={trimmed === '' || request.isPending}>
        {request.isPending ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('forgotPassword.submitting')}
          </>
        ) : (
          t('forgotPassword.submit')
        )}
      </Button>
      {backToLogin}
    </Form>
  );
}
