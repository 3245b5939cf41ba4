/** Server HTML, sanitised by the server (tags, attributes and link schemes on an allowlist). */
export function ServerHtml({ html, empty }: { html: string; empty: string }) {
  if (!html.trim()) return <p className="text-body-secondary">{empty}</p>;
  return <div className="content-body product-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
