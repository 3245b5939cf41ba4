import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../components/ui/alert';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/api/account';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useResetPassword } from '../api/reset-password';
import { readResetLink } from '../hooks/reset-link-storage';

/**
 * New password and confirmation for the user of a mailed link; the link's hash and timestamp
 * come from local storage. Mismatched passwords are refused here and nothing is sent.
 */
export function ResetPasswordForm({ user, onSuccess }: { user: string; onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const to = useLocalizedPath();
  const reset = useResetPassword();
  const [pass, setPass] = useState('');
  const [passConfirm, setPassConfirm] = useState('');
  const [problem, setProblem] = useState<'mismatch' | 'tooShort' | 'noLink' | null>(null);

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

  const failed = problem === 'noLink' || reset.isError;
  const fieldProblem =
    problem === 'mismatch' ? t('resetPassword.mismatch') : problem === 'tooShort' ? t('resetPassword.tooShort', { count: PASSWORD_MIN_LENGTH }) : null;

  return (
    <Form onSubmit={onSubmit} noValidate>
      {failed ? (
        <Alert variant="danger" role="alert">
          <p className="mb-2">{t('resetPassword.failure')}</p>
          <Link to={to('/user/login')} className="alert-link">
            {t('resetPassword.backToLogin')}
          </Link>
        </Alert>
      ) : null}
      <p className="alert alert-info">{t('resetPassword.note')}</p>
      <Form.Group className="mb-3" controlId="reset-password-pass">
        <Form.Label>{t('resetPassword.pass')}</Form.Label>
        <Form.Control
          type="password"
          name="pass"
          autoComplete="new-password"
          required
          maxLength={1024}
          value={pass}
          onChange={(event) => {
            setPass(event.target.value);
            setProblem(null);
          }}
        />
      </Form.Group>
      <Form.Group className="mb-4" controlId="reset-password-confirm">
        <Form.Label>{t('resetPassword.passConfirm')}</Form.Label>
        <Form.Control
          type="password"
          name="passConfirm"
          autoComplete="new-password"
          required
          maxLength={1024}
          value={passConfirm}
          isInvalid={fieldProblem !== null}
          aria-describedby={fieldProblem ? 'reset-password-problem' : undefined}
          onChange={(event) => {
            setPassConfirm(event.target.value);
            setProblem(null);
          }}
        />
        {fieldProblem ? (
          <Form.Control.Feedback type="invalid" id="reset-password-problem" role="alert">
            {fieldProblem}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
      <Button
        type="submit"
        variant="primary"
        size="lg"
        className="w-100"
        disabled={pass === '' || passConfirm === '' || reset.isPending}
      >
        {reset.isPending ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('resetPassword.submitting')}
          </>
        ) : (
          t('resetPassword.submit')
        )}
      </Button>
    </Form>
  );
}
