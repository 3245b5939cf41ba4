import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Bootstrap's button variant: 'primary', 'outline-primary', 'link', … */
  variant?: string;
  size?: 'sm' | 'lg';
}

/**
 * A Bootstrap button in Bootstrap's markup, `type="button"` unless told otherwise: what the shop
 * used of react-bootstrap's Button, which with @restart/ui's Button every page loaded before its
 * first render (decision 012).
 */
export function Button({ variant = 'primary', size, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [className, 'btn', `btn-${variant}`, size ? `btn-${size}` : null].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
