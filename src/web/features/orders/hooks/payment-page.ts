/**
 * Sends the browser to the payment provider's page (a full page load: the provider, or the
 * built-in sandbox, is not a route of the app). An object, so tests can replace the function.
 */
export const paymentPage = {
  go(url: string): void {
    window.location.assign(url);
  },
};

export function goToPaymentPage(url: string): void {
  paymentPage.go(url);
}
