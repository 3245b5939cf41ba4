import Form from 'react-bootstrap/Form';

import { BusyButton } from '../../../components/ui/busy-button';

interface AuthFieldProps {
  id: string;
  label: string;
  name: string;
  autoComplete: 'username' | 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** Space under the field: the last field before the buttons has more. */
  last?: boolean;
  maxLength?: number;
  /** The message under the field that makes it invalid. */
  problem?: string | null;
}

/** One labelled, required field of the public forms (login, forgotten and reset password). */
export function AuthField({ id, label, name, autoComplete, value, onChange, last = false, maxLength, problem }: AuthFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <Form.Group className={last ? 'mb-4' : 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={autoComplete === 'username' ? undefined : 'password'}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        value={value}
        isInvalid={problem !== undefined ? problem !== null : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <Form.Control.Feedback type="invalid" id={problemId} role="alert">
          {problem}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}

/** The wide submit button of the public forms, with a spinner and its own text while sending. */
export function AuthSubmit({ pending, disabled, label, pendingLabel }: { pending: boolean; disabled: boolean; label: string; pendingLabel: string }) {
  return (
    <BusyButton type="submit" variant="primary" size="lg" className="w-100" disabled={disabled} busy={pending} busyText={pendingLabel}>
      {label}
    </BusyButton>
  );
}
