import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

import type { InviteUserBody } from '../../../../shared/api/staff-customer';
import { Alert } from '../../../components/ui/alert';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/api/failure-text';
import { useLang } from '../../../lib/use-lang';
import { toast } from '../../../lib/toast';
import { useInviteUser } from '../api/customer-page';

type Field = Exclude<keyof InviteUserBody, 'langcode'>;
const FIELDS: ReadonlyArray<{ name: Field; label: 'mail' | 'loginName' | 'firstname' | 'surnamePrefix' | 'surname'; type?: string; autoComplete: string; help?: boolean }> = [
  { name: 'mail', label: 'mail', type: 'email', autoComplete: 'off' },
  { name: 'firstname', label: 'firstname', autoComplete: 'off' },
  { name: 'surname_prefix', label: 'surnamePrefix', autoComplete: 'off' },
  { name: 'surname', label: 'surname', autoComplete: 'off' },
  { name: 'login_name', label: 'loginName', autoComplete: 'off', help: true },
];

interface Props {
  relation: string;
  company: string;
  show: boolean;
  onHide: () => void;
}

/** The text fields of the invitation, each with the server's message under it. */
function InviteFields({ values, fieldErrors, onChange }: { values: Record<Field, string>; fieldErrors: Record<string, string>; onChange: (name: Field, value: string) => void }) {
  const { t } = useTranslation('staff-customer');
  return (
    <>
        {FIELDS.map((field) => (
        <Form.Group key={field.name} className="mb-3" controlId={`invite-${field.name}`}>
          <Form.Label>{t(`inviteDialog.${field.label}`)}</Form.Label>
          <Form.Control
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            isInvalid={fieldErrors[field.name] !== undefined}
            aria-describedby={field.help ? `invite-${field.name}-help` : undefined}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
          {field.help && (
            <Form.Text id={`invite-${field.name}-help`} muted>
              {t('inviteDialog.loginNameHelp')}
            </Form.Text>
          )}
          <Form.Control.Feedback type="invalid">{fieldErrors[field.name]}</Form.Control.Feedback>
        </Form.Group>
      ))}
    </>
  );
}

/** The form: every field checked by the server, its message under the field; a refusal as a whole (a taken login name) above. */
function InviteForm({ relation, company, onHide }: Omit<Props, 'show'>) {
  const { t } = useTranslation(['staff-customer', 'errors']);
  const lang = useLang();
  const invite = useInviteUser(relation);
  const [values, setValues] = useState<Record<Field, string>>({ mail: '', login_name: '', firstname: '', surname_prefix: '', surname: '' });
  const [langcode, setLangcode] = useState<'nl' | 'en'>(lang);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    try {
      const { user } = await invite.mutateAsync({ ...values, langcode });
      toast.success(t('inviteDialog.sent', { name: user.display_name, mail: user.mail }));
      onHide();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors() : {};
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setError(failureText(failure, t('errors:generic')));
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Header closeButton>
        <Modal.Title id="invite-user-title">{t('inviteDialog.title', { company })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{t('inviteDialog.intro')}</p>
        {error && <Alert variant="danger">{error}</Alert>}
        <InviteFields values={values} fieldErrors={fieldErrors} onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
        <Form.Group controlId="invite-langcode">
          <Form.Label>{t('inviteDialog.language')}</Form.Label>
          <Form.Select value={langcode} onChange={(event) => setLangcode(event.target.value === 'en' ? 'en' : 'nl')}>
            <option value="nl">{t('languages.nl')}</option>
            <option value="en">{t('languages.en')}</option>
          </Form.Select>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('inviteDialog.cancel')}
        </Button>
        <BusyButton type="submit" busy={invite.isPending} disabled={invite.isPending}>
          {t('inviteDialog.submit')}
        </BusyButton>
      </Modal.Footer>
    </Form>
  );
}

/** 'Invite a user': a new user of the relation, who gets the welcome mail. */
export function InviteUserDialog({ show, ...props }: Props) {
  return (
    <Modal show={show} onHide={props.onHide} centered aria-labelledby="invite-user-title">
      {show && <InviteForm {...props} />}
    </Modal>
  );
}
