import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

import type { StaffCustomerUser } from '../../../../shared/api/staff-customer';
import { Alert } from '../../../components/ui/alert';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { useUserAction } from '../api/customer-page';

interface Props {
  user: StaffCustomerUser | null;
  onHide: () => void;
}

function BlockForm({ user, onHide }: Props & { user: StaffCustomerUser }) {
  const { t } = useTranslation(['staff-customer', 'errors']);
  const action = useUserAction();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const name = user.display_name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldError(undefined);
    try {
      await action.mutateAsync({ user: user.id, action: { kind: 'block', body: { reason } } });
      toast.success(t('blockDialog.done', { name }));
      onHide();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fieldErrors().reason : undefined;
      if (message) setFieldError(message);
      else setError(failureText(failure, t('errors:generic')));
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Header closeButton>
        <Modal.Title id="block-user-title">{t('blockDialog.title', { name })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('blockDialog.intro', { name })}</p>
        {error && <Alert variant="danger">{error}</Alert>}
        <Form.Group controlId="block-reason">
          <Form.Label>{t('blockDialog.reason')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={reason}
            isInvalid={fieldError !== undefined}
            aria-describedby="block-reason-help"
            onChange={(event) => setReason(event.target.value)}
          />
          <Form.Text id="block-reason-help" muted>
            {t('blockDialog.reasonHelp')}
          </Form.Text>
          <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('blockDialog.cancel')}
        </Button>
        <BusyButton type="submit" variant="danger" busy={action.isPending} disabled={action.isPending}>
          {t('blockDialog.submit')}
        </BusyButton>
      </Modal.Footer>
    </Form>
  );
}

/** 'Block': asks the reason, which goes into the audit log. */
export function BlockUserDialog({ user, ...props }: Props) {
  return (
    <Modal show={user !== null} onHide={props.onHide} centered aria-labelledby="block-user-title">
      {user && <BlockForm user={user} {...props} />}
    </Modal>
  );
}
