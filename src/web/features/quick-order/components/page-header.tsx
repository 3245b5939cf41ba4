import { Link } from 'react-router';

import { useLocalizedPath } from '../../../lib/use-lang';

/** The heading of the quick order pages, with a link to the other one. */
export function QuickOrderPageHeader({ title, linkTo, linkText }: { title: string; linkTo: string; linkText: string }) {
  const to = useLocalizedPath();
  return (
    <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
      <h1 className="page-title mb-2">{title}</h1>
      <Link to={to(linkTo)} className="link-primary">
        {linkText}
      </Link>
    </div>
  );
}
