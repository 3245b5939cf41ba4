import type { HTMLAttributes } from 'react';

export interface SpinnerProps extends HTMLAttributes<HTMLElement> {
  animation?: 'border' | 'grow';
  size?: 'sm';
  /** A text colour: 'primary' → text-primary. */
  variant?: string;
  as?: 'div' | 'span';
}

/** Bootstrap's spinner markup, as react-bootstrap's Spinner writes it, without its theme context (decision 012). */
export function Spinner({ animation = 'border', size, variant, as: Element = 'div', className, ...rest }: SpinnerProps) {
  const base = `spinner-${animation}`;
  const classes = [className, base, size ? `${base}-${size}` : null, variant ? `text-${variant}` : null].filter(Boolean).join(' ');
  return <Element className={classes} {...rest} />;
}
