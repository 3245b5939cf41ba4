import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { languages } from '../../../shared/lang';
import { switchLanguagePath } from '../../lib/language';
import { useLang } from '../../lib/use-lang';

/** EN | NL: the same page in the other language, keeping the rest of the path and the query. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const current = useLang();
  const ordered = [...languages].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : 0));
  return (
    <nav className={`language-switch ${className}`} aria-label={t('language.label')}>
      {ordered.map((lang) => (
        <Link
          key={lang}
          to={switchLanguagePath(location, lang)}
          className={`language-switch-link${lang === current ? ' active' : ''}`}
          aria-current={lang === current ? 'true' : undefined}
          // The visible code stays the accessible name (WCAG 2.5.3); the full name is a hint.
          title={t(`language.names.${lang}`)}
          hrefLang={lang}
        >
          {lang.toUpperCase()}
        </Link>
      ))}
    </nav>
  );
}
