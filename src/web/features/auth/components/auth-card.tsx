import type { ReactNode } from 'react';

/** The card of the public pages (login, forgotten and reset password): accent bar, title, intro. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="auth-card card mx-auto">
      <div className="auth-card-accent" aria-hidden="true" />
      <div className="card-body p-4 p-md-5">
        <h1 className="h2 mb-2">{title}</h1>
        {intro ? <p className="text-body-secondary mb-4">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
