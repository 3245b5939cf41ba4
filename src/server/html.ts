import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a content page body or a product's description and specifications may carry
 * (DESIGN.md: HTML from the server is sanitised before it is stored or served). Imports sanitise
 * on the way in; the pages that render it sanitise again, so a row written by any other route
 * (a migration, a hand edit) is still safe.
 */
const allowedTags = [
  'h2', 'h3', 'h4', 'h5', 'h6',
  'p', 'br', 'hr', 'blockquote',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'a', 'img', 'strong', 'em',
];

function sanitizeOptions(assetBase: string | undefined): sanitizeHtml.IOptions {
  return {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // The page title is the page's only h1.
      h1: 'h2',
      b: 'strong',
      i: 'em',
      // A link that opens a new tab never gets a handle on this one.
      a: (tagName, attribs) => {
        const { target, ...rest } = attribs;
        return { tagName, attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        if (assetBase && src && src.startsWith('/') && !src.startsWith('//')) {
          return { tagName, attribs: { ...attribs, src: `${assetBase}${src}` } };
        }
        return { tagName, attribs };
      },
    },
  };
}

/** Only the allowed tags, attributes and link schemes remain; scripts, styles and handlers go. */
export function sanitizeHtmlText(html: string): string {
  return sanitizeHtml(html, sanitizeOptions(undefined));
}

/**
 * Sanitised, with root-relative image sources (`/sites/…`, `/files/…`) on the backend host, as
 * Drupal's processed text has them (spec section 2: image sources prefixed with the backend host).
 */
export function processContentHtml(html: string, backendHost: string): string {
  return sanitizeHtml(html, sanitizeOptions(backendHost.replace(/\/+$/, '')));
}

/**
 * Food texts with the allergens emphasised (ingredients, issue 19): only <strong> stays, <b> becomes
 * <strong>, every other tag goes (its text stays) and no attribute is kept.
 */
export function sanitizeEmphasisText(html: string): string {
  return sanitizeHtml(html, { allowedTags: ['strong'], allowedAttributes: {}, disallowedTagsMode: 'discard', transformTags: { b: 'strong' } });
}
