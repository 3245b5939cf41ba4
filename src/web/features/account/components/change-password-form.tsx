import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { BusyButton } from '../../../components/ui/busy-button';
import { PASSWORD_MIN_LENGTH, type PasswordField } from '../../../../shared/api/account';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { passwordFieldErrors, useChangePassword } from '../api/change-password';

const fields: readonly PasswordField[] = ['current', 'new', 'repeat'];
const autoComplete: Record<PasswordField, string> = { current: 'current-password', new: 'new-password', repeat: 'new-password' };
const empty: Record<PasswordField, string> = { current: '', new: '', repeat: '' };

/**
 * The form's values and the server's messages per field: save is ready once all are filled and
 * new and repeat match with at least 5 characters; the outcome is a toast.
 */
function useChangePasswordForm() {
  const { t } = useTranslation(['account', 'errors']);
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PasswordField, string>>>({});

  const typed = values.new !== '' || values.repeat !== '';
  const matches = values.new === values.repeat;
  const ready =
    values.current !== '' && values.new.length >= PASSWORD_MIN_LENGTH && values.repeat.length >= PASSWORD_MIN_LENGTH && matches;

  function onChange(field: PasswordField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || change.isPending) return;
    change.mutate(values, {
      onSuccess: () => {
        setValues(empty);
        setServerErrors({});
        toast.success(t('changePassword.success'));
      },
      onError: (error) => {
        setServerErrors(passwordFieldErrors(error));
        // No answer (0) or flood control (429): the message says what happened, in the user's language.
        const text = failureText(error, t('errors:generic'), { clientText: t('changePassword.failure') });
        if (text) toast.error(text);
      },
    });
  }

  return { values, serverErrors, typed, matches, ready, pending: change.isPending, onChange, onSubmit };
}

interface FieldProps {
  field: PasswordField;
  value: string;
  /** The server's message under the field. */
  error: string | undefined;
  /** Whether new or repeat has been typed in: the repeat field is then described by the match hint. */
  typed: boolean;
  onChange: (field: PasswordField, value: string) => void;
}

/** One password field with its label, the server's message and (new and repeat) the minimum length. */
function ChangePasswordField({ field, value, error, typed, onChange }: FieldProps) {
  const { t } = useTranslation('account');
  const id = `change-password-${field}`;
  const described = [field !== 'current' ? `${id}-help` : null, error ? `${id}-error` : null, field === 'repeat' && typed ? 'change-password-hint' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t(`changePassword.${field}`)}</Form.Label>
      <Form.Control
        type="password"
        name={field}
        autoComplete={autoComplete[field]}
        required
        minLength={field === 'current' ? undefined : PASSWORD_MIN_LENGTH}
        maxLength={1024}
        value={value}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {error ? (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      ) : null}
      {field !== 'current' ? (
        <Form.Text id={`${id}-help`} muted>
          {t('changePassword.minLength', { count: PASSWORD_MIN_LENGTH })}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}

/**
 * Current, new and repeat (spec sections 2, 5 and 8): a live hint whether new and repeat
 * match, save disabled until all are filled and new and repeat match with at least 5
 * characters, the server's messages under their fields, and a toast for the outcome.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const { values, serverErrors, typed, matches, ready, pending, onChange, onSubmit } = useChangePasswordForm();
  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="h4 mb-3">
        {t('changePassword.title')}
      </h2>
      {fields.map((field) => (
        <ChangePasswordField key={field} field={field} value={values[field]} error={serverErrors[field]} typed={typed} onChange={onChange} />
      ))}
      <p id="change-password-hint" className={`small mb-3 ${matches ? 'text-success' : 'text-danger'}`} aria-live="polite">
        {typed ? (matches ? t('changePassword.match') : t('changePassword.mismatch')) : null}
      </p>
      <BusyButton type="submit" variant="primary" disabled={!ready || pending} busy={pending} busyText={t('changePassword.submitting')}>
        {t('changePassword.submit')}
      </BusyButton>
    </Form>
  );
}
