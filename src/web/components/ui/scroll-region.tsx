import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen: a labelled region keyboard users can
 * focus to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
