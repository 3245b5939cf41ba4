/**
 * A GET that changes the session (logout, the end of a masquerade) is a browser navigation a
 * cross-site page could start: a SameSite=Lax cookie still comes along on top-level GETs, and
 * such GETs carry no CSRF token. Browsers say where a request comes from in Sec-Fetch-Site;
 * those that do not send it are let through, and so is a web app on a configured CORS origin.
 */
export function crossSiteCheck(corsOrigins: readonly string[]) {
  return (fetchSite: string | undefined, referer: string | undefined): boolean => {
    if (fetchSite !== 'cross-site') return false;
    if (!referer) return true;
    try {
      return !corsOrigins.includes(new URL(referer).origin);
    } catch {
      return true;
    }
  };
}
