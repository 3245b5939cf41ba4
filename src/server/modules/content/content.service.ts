import type { ContentNodeResponse, MenuLink, TranslatePathPage, TranslatePathResponse } from '../../../shared/api/content';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { localized } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { processContentHtml, sanitizeHtmlText } from '../../html';
import { normalisePath } from './content-path';
import { isOutside } from './redirect-rules';
import { countNotFound, redirectFor, referrerHostOf } from './redirects-visit';
import { CONTENT_MESSAGES } from './content.messages';
import * as repo from './content.repository';
import type { ContentPageRow } from './content.repository';

export interface ContentUrls {
  /** The address customers use, e.g. https://shop.example (the "backend host" of image sources). */
  publicUrl: string;
  /** Where the API lives under it, e.g. /backend. */
  apiBase: string;
}

const pathIn = (page: ContentPageRow, lang: Lang) => (lang === 'en' ? page.pathEn : page.pathNl);
const langPrefix = (lang: Lang) => (lang === 'en' ? '/en' : '');

/** What the content service's functions share: the shop's addresses. */
export interface ContentContext {
  db: Db;
  /** The public address, without a trailing slash. */
  publicUrl: string;
  apiBase: string;
  now: () => Date;
}

const jsonApiBase = ({ publicUrl, apiBase }: ContentContext, lang: Lang) => `${publicUrl}${apiBase}${langPrefix(lang)}/jsonapi`;
const individualUrl = (ctx: ContentContext, page: ContentPageRow, lang: Lang) => `${jsonApiBase(ctx, lang)}/node/page/${page.uuid}`;
const pageUrl = ({ publicUrl }: ContentContext, page: ContentPageRow, lang: Lang) => `${publicUrl}${langPrefix(lang)}${pathIn(page, lang)}`;

/** Menu links in the request's language, as Drupal's jsonapi_menu_items answers them. */
export async function menu(ctx: ContentContext, menuName: string, lang: Lang): Promise<MenuLink[]> {
  const { db } = ctx;
  const links = await repo.findMenuLinks(db, menuName);
  return links.map((link) => ({
    type: 'menu_link_content--menu_link_content',
    id: `menu_link_content:${link.uuid}`,
    attributes: {
      title: lang === 'en' ? link.titleEn : link.titleNl,
      url: lang === 'en' ? link.urlEn : link.urlNl,
      weight: link.weight,
      menu_name: link.menuName,
      drupal_internal__id: link.id,
      parent: '',
      enabled: link.enabled,
    },
  }));
}

/**
 * The published page at a path, answered in the request's language. A page is found by
 * its path in either language, so '/leveringsvoorwaarden' under /en is the English page.
 */
export async function translatePath(ctx: ContentContext, rawPath: string, lang: Lang, referrer?: string): Promise<TranslatePathResponse> {
  const { db } = ctx;
  const path = normalisePath(rawPath);
  const missing = () => notFound(localized(CONTENT_MESSAGES, 'content.path_not_found', { path: rawPath }), 'content.path_not_found');
  // A path that decodes to a NUL character names no page (and PostgreSQL cannot compare it).
  if (path.includes('\u0000')) throw missing();
  const matches = await repo.findPublishedPagesByPath(db, path);
  const page = matches.find((p) => pathIn(p, lang).toLowerCase() === path.toLowerCase()) ?? matches[0];
  if (page) return pageResolution(ctx, page, lang);
  // No page: a redirect comes before the not-found page; else the path is counted as not found.
  const redirect = await redirectFor(db, rawPath, lang);
  if (redirect) {
    const resolved = isOutside(redirect.location) ? redirect.location : `${ctx.publicUrl}${redirect.location}`;
    return { resolved, isHomePath: false, redirect: [{ from: redirect.from, to: redirect.location, status: redirect.status === 302 ? '302' : '301' }] };
  }
  await countNotFound(db, rawPath, referrerHostOf(referrer, new URL(ctx.publicUrl).hostname), ctx.now());
  throw missing();
}

function pageResolution(ctx: ContentContext, page: ContentPageRow, lang: Lang): TranslatePathPage {
  const { apiBase } = ctx;
  const resolved = pageUrl(ctx, page, lang);
  return {
    resolved,
    isHomePath: false,
    entity: { canonical: resolved, type: 'node', bundle: 'page', id: String(page.id), uuid: page.uuid, langcode: lang },
    label: lang === 'en' ? page.titleEn : page.titleNl,
    jsonapi: {
      individual: individualUrl(ctx, page, lang),
      resourceName: 'node--page',
      pathPrefix: 'jsonapi',
      basePath: `${apiBase}/jsonapi`,
      entryPoint: jsonApiBase(ctx, lang),
    },
  };
}

/** The node as JSON:API answers it, in the request's language, its body sanitised. */
export async function contentPage(ctx: ContentContext, uuid: string, lang: Lang): Promise<ContentNodeResponse> {
  const { db, publicUrl } = ctx;
  const page = await repo.findPublishedPageByUuid(db, uuid.toLowerCase());
  if (!page) throw notFound(localized(CONTENT_MESSAGES, 'content.page_not_found', { id: uuid }), 'content.page_not_found');
  const body = lang === 'en' ? page.bodyEn : page.bodyNl;
  const self = individualUrl(ctx, page, lang);
  return {
    jsonapi: { version: '1.0' },
    data: {
      type: 'node--page',
      id: page.uuid,
      attributes: {
        drupal_internal__nid: page.id,
        langcode: lang,
        status: page.published,
        title: lang === 'en' ? page.titleEn : page.titleNl,
        changed: page.updatedAt.toISOString(),
        body: {
          value: sanitizeHtmlText(body),
          processed: processContentHtml(body, publicUrl),
          format: 'basic_html',
          summary: '',
        },
        path: { alias: pathIn(page, lang), langcode: lang },
      },
      links: { self: { href: self } },
    },
    links: { self: { href: self } },
  };
}

export function createContentService(db: Db, urls: ContentUrls, now: () => Date = () => new Date()) {
  const ctx: ContentContext = { db, publicUrl: urls.publicUrl.replace(/\/+$/, ''), apiBase: urls.apiBase, now };
  return {
    menu: (menuName: string, lang: Lang) => menu(ctx, menuName, lang),
    translatePath: (rawPath: string, lang: Lang, referrer?: string) => translatePath(ctx, rawPath, lang, referrer),
    page: (uuid: string, lang: Lang) => contentPage(ctx, uuid, lang),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
