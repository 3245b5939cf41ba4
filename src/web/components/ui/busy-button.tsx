import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/**
 * A button that shows a small spinner while its action runs, with `busyText` (when given) in place
 * of its own text. Whether it is disabled meanwhile is the caller's choice.
 */
export function BusyButton({ busy, busyText, children, ...props }: ButtonProps & { busy: boolean; busyText?: ReactNode }) {
  return (
    <Button {...props}>
      {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
      {busy && busyText !== undefined ? busyText : children}
    </Button>
  );
}
