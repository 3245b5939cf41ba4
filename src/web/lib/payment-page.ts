/**
 * Sends the browser to the payment provider's page (a full page load: the provider, or the
 * built-in sandbox, is not a route of the app), for the checkout's iDEAL payment and an
 * invoice's 'Pay now'. An object, so tests can replace `go` (`vi.spyOn(paymentPage, 'go')`).
 */
export const paymentPage = {
  go(url: string): void {
    window.location.assign(url);
  },
};
