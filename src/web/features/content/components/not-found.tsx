import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../../../lib/use-page-title';

function TacoIllustration() {
  return (
    <svg className="not-found-illustration" viewBox="0 0 160 100" width="160" height="100" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="92" rx="58" ry="6" fill="#e8dccb" />
      <path d="M22 80a58 58 0 0 1 116 0z" fill="#f2b53a" />
      <path d="M34 62c8-6 14 2 22-4s14 2 22-4 14 2 22-4 14 2 22-4c4 4 7 8 9 12-8 4-14-3-22 2s-14-3-22 2-14-3-22 2-14-3-22 2z" fill="#3d7a4f" />
      <circle cx="58" cy="56" r="5" fill="#c0392b" />
      <circle cx="84" cy="50" r="5" fill="#c0392b" />
      <circle cx="106" cy="56" r="4.5" fill="#c0392b" />
      <path d="M30 80a50 50 0 0 1 100 0" fill="none" stroke="#d9962a" strokeWidth="3" strokeDasharray="2 7" strokeLinecap="round" />
      <path d="M12 30l6 6M18 30l-6 6M142 22l6 6M148 22l-6 6" stroke="#a63a1f" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The 404 page (spec section 2): the tacos text and a 'Go home' button to /. */
export function NotFound() {
  const { t } = useTranslation('errors');
  usePageTitle(t('notFound.title'));
  return (
    <section className="not-found text-center py-5">
      <TacoIllustration />
      <h1 className="page-title mt-4">{t('notFound.heading')}</h1>
      <p className="lead text-body-secondary">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary btn-lg mt-2">
        {t('notFound.goHome')}
      </Link>
    </section>
  );
}
