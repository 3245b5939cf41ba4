import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import type { Language } from '../../../../shared/lang';
import { languageFromPath, localizedPath } from '../../../lib/language';
import { usePageTitle } from '../../../lib/use-page-title';

/** The shop path a click on a body link goes to, or null when the browser should follow it itself. */
export function internalLinkTarget(event: MouseEvent, lang: Language): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  const href = link?.getAttribute('href');
  if (!link || !href || link.target || !href.startsWith('/') || href.startsWith('//')) return null;
  return languageFromPath(href) ? href : localizedPath(lang, href);
}

/**
 * A CMS page: its title and body. The body HTML was sanitised by the server (tags, attributes
 * and link schemes on an allowlist), which is what makes rendering it as HTML safe here.
 * Links to other shop pages inside it stay in the app and in the page's language.
 */
export function ContentPage({ title, html, lang }: { title: string; html: string; lang: Language }) {
  usePageTitle(title);
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = body.current;
    if (!element) return undefined;
    const onClick = (event: MouseEvent) => {
      const to = internalLinkTarget(event, lang);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [lang, navigate]);

  return (
    <article className="content-page">
      <h1 className="page-title">{title}</h1>
      <div ref={body} className="content-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
