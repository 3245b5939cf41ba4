import { getConfig } from '../../lib/config';

/** The emblem: a marigold sun with a corn cob in agave-green husks. Decorative. */
export function LogoEmblem({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="21" fill="none" stroke="#f2b53a" strokeWidth="4" strokeDasharray="3.3 3.3" />
      <circle cx="24" cy="24" r="16.5" fill="#f2b53a" />
      <ellipse cx="24" cy="21.5" rx="5.6" ry="10.5" fill="#fff3d6" />
      <g stroke="#d9962a" strokeWidth="0.9" strokeLinecap="round">
        <path d="M19.4 17h9.2M18.6 21h10.8M18.8 25h10.4M20 29h8" />
        <path d="M22 12.5v18M26 12.5v18" />
      </g>
      <path d="M24 37c-7.5-2.6-9.6-10.2-7.6-18.2 1.6 7.6 4.2 12 7.6 14.2z" fill="#3d7a4f" />
      <path d="M24 37c7.5-2.6 9.6-10.2 7.6-18.2-1.6 7.6-4.2 12-7.6 14.2z" fill="#2f6b45" />
    </svg>
  );
}

/** Emblem plus the shop name as text (so it is real, translatable-free text for screen readers). */
export function Logo({ variant = 'dark', size = 40 }: { variant?: 'light' | 'dark'; size?: number }) {
  return (
    <span className={`logo logo-${variant}`}>
      <LogoEmblem size={size} className="logo-emblem" />
      <span className="logo-wordmark">{getConfig().shopName}</span>
    </span>
  );
}
