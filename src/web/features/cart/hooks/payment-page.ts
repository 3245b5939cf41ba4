/**
 * Sends the browser to the payment provider's page (a full page load: the provider, or the
 * built-in sandbox, is not a route of the app). One function, so tests can replace it.
 */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
