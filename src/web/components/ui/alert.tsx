import type { ElementType, HTMLAttributes, ReactNode } from 'react';

export type AlertVariant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  variant: AlertVariant;
  /** Shows Bootstrap's close button; `onClose` decides what closing means (the alert keeps no state). */
  dismissible?: boolean;
  /** The close button's accessible name (required with `dismissible`: the button shows only a cross). */
  closeLabel?: string;
  onClose?: () => void;
  children: ReactNode;
}

/**
 * Bootstrap's alert markup without react-bootstrap's Alert, which brings a fade transition
 * (react-transition-group) into every page that shows a message: the login page and the
 * assortment load this before their first render (issue 9, page weight).
 */
export function Alert({ variant, dismissible, closeLabel, onClose, className, children, role = 'alert', ...rest }: AlertProps) {
  const classes = ['alert', `alert-${variant}`, dismissible ? 'alert-dismissible' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role={role} className={classes} {...rest}>
      {children}
      {dismissible ? <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} /> : null}
    </div>
  );
}

/** An alert's heading (Bootstrap's `.alert-heading`), an h4 unless `as` says otherwise. */
export function AlertHeading({ as: Tag = 'h4', className, ...rest }: HTMLAttributes<HTMLHeadingElement> & { as?: ElementType }) {
  return <Tag className={['alert-heading', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
