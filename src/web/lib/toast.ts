import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

/**
 * Import `toast` from here, never from 'react-toastify': the app mounts the unstyled build
 * (its CSS comes with our stylesheet, so the CSP needs no inline <style>), and the styled
 * entry keeps a separate store whose toasts would never show.
 *
 * The library, and the code that shows a toast (toast-display.ts), load with the first toast
 * (the container is lazy too), so they stay out of the JavaScript a page needs before it renders.
 */
const display = () => import('./toast-display');

/** How long a toast stays (spec section 2): the container's default. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export const toast = {
  success(content: ToastContent, options?: ToastOptions): void {
    void display().then(({ show }) => show('success', content, options));
  },
  error(content: ToastContent, options?: ToastOptions): void {
    void display().then(({ show }) => show('error', content, options));
  },
};
