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

/**
 * One labelled, required field of the public forms (login, forgotten and reset password), in
 * Bootstrap's form markup: react-bootstrap's Form family weighed 3 kB of the login's first load
 * (decision 012).
 */
export function AuthField({ id, label, name, autoComplete, value, onChange, last = false, maxLength, problem }: AuthFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <div className={last ? 'mb-4' : 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${problem !== undefined && problem !== null ? ' is-invalid' : ''}`}
        type={autoComplete === 'username' ? undefined : 'password'}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        value={value}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <div className="invalid-feedback" id={problemId} role="alert">
          {problem}
        </div>
      ) : null}
    </div>
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
