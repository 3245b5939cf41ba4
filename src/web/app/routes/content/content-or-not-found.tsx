import { NotFound } from '../../../features/content/components/not-found';

/**
 * Any path without a page of its own (spec section 2). Seam for issue 3: resolve the path
 * with GET /router/translate-path?path=… (path without language) and render the CMS page
 * when one exists; render <NotFound /> when the answer is 404 or '/404'.
 */
export default function ContentOrNotFound() {
  return <NotFound />;
}
