import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

import { REASON_MAX, type StaffOrder, type StaffOrderAction } from '../../../../shared/api/staff-order';
import { Alert } from '../../../components/ui/alert';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import { failureText } from '../../../lib/api/failure-text';
import { toast } from '../../../lib/toast';
import { useTakeOrderAction } from '../api/take-order-action';

import { isConflict } from './conflict-alert';

const VARIANT: Record<StaffOrderAction, string> = { confirm: 'primary', ship: 'primary', deliver: 'primary', cancel: 'outline-danger' };

interface Props {
  order: StaffOrder;
  /** Another staff user changed the order meanwhile (409 on the version). */
  onConflict: () => void;
}

/** The reason field of a cancel: required, with what the customer and finance read. */
function ReasonField({ id, reason, missing, onChange }: { id: string; reason: string; missing: boolean; onChange: (reason: string) => void }) {
  const { t } = useTranslation('staff-order');
  return (
    <Form.Group controlId={`${id}-reason`}>
      <Form.Label>{t('cancel.reason')}</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        value={reason}
        maxLength={REASON_MAX}
        required
        isInvalid={missing}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{t('cancel.reasonRequired')}</Form.Control.Feedback>
      <Form.Text id={`${id}-help`}>{t('cancel.reasonHelp')}</Form.Text>
    </Form.Group>
  );
}

/** Cancel with the reason given (none given: the field says so); a conflict closes the dialog. */
function useCancel({ order, onHide, onConflict }: Props & { onHide: () => void }) {
  const { t } = useTranslation(['staff-order', 'errors']);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const action = useTakeOrderAction();
  const failure = action.error && !isConflict(action.error) ? failureText(action.error, t('errors:generic')) : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    try {
      await action.mutateAsync({ uuid: order.uuid, action: 'cancel', version: order.version, reason });
      toast.success(t('staff-order:actions.done.cancel'));
      onHide();
    } catch (error) {
      if (isConflict(error)) {
        onHide();
        onConflict();
      }
    }
  }

  const changeReason = (next: string) => {
    setReason(next);
    setMissing(false);
  };
  return { reason, missing, changeReason, submit, failure, busy: action.isPending };
}

function CancelDialog({ order, show, onHide, onConflict }: Props & { show: boolean; onHide: () => void }) {
  const { t } = useTranslation('staff-order');
  const id = useId();
  const cancel = useCancel({ order, onHide, onConflict });
  return (
    <Modal show={show} onHide={onHide} aria-labelledby={`${id}-title`} centered>
      <Form noValidate onSubmit={(event) => void cancel.submit(event)}>
        <Modal.Header closeButton closeLabel={t('cancel.back')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('cancel.title', { number: order.order_number ?? order.id })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {cancel.failure && <Alert variant="danger">{cancel.failure}</Alert>}
          <ReasonField id={id} reason={cancel.reason} missing={cancel.missing} onChange={cancel.changeReason} />
          {order.payment_status === 'paid' && <p className="mt-3 mb-0">{t('cancel.refund')}</p>}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('cancel.back')}
          </Button>
          <BusyButton type="submit" variant="danger" busy={cancel.busy} disabled={cancel.busy}>
            {t('cancel.confirm')}
          </BusyButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The steps the state machine allows from the order's state; cancel asks for a reason first. */
export function OrderActions({ order, onConflict }: Props) {
  const { t } = useTranslation(['staff-order', 'errors']);
  const action = useTakeOrderAction();
  const [canceling, setCanceling] = useState(false);
  if (order.actions.length === 0) return null;

  async function take(step: Exclude<StaffOrderAction, 'cancel'>) {
    try {
      await action.mutateAsync({ uuid: order.uuid, action: step, version: order.version });
      toast.success(t(`staff-order:actions.done.${step}`));
    } catch (error) {
      if (isConflict(error)) onConflict();
      else {
        const message = failureText(error, t('errors:generic'));
        if (message) toast.error(message);
      }
    }
  }

  return (
    <div role="group" aria-label={t('staff-order:actions.label')} className="d-flex flex-wrap gap-2 mb-3">
      {order.actions.map((step) =>
        step === 'cancel' ? (
          <Button key={step} variant={VARIANT[step]} onClick={() => setCanceling(true)}>
            {t('staff-order:actions.cancel')}
          </Button>
        ) : (
          <BusyButton key={step} variant={VARIANT[step]} busy={action.isPending && action.variables?.action === step} disabled={action.isPending} onClick={() => void take(step)}>
            {t(`staff-order:actions.${step}`)}
          </BusyButton>
        ),
      )}
      {canceling && <CancelDialog order={order} show={canceling} onHide={() => setCanceling(false)} onConflict={onConflict} />}
    </div>
  );
}
