import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

/**
 * Import `toast` from here, never from 'react-toastify': the app mounts the unstyled build
 * (its CSS comes with our stylesheet, so the CSP needs no inline <style>), and the styled
 * entry keeps a separate store whose toasts would never show.
 *
 * The library loads with the first toast (the container is lazy too), so it stays out of the
 * JavaScript a page needs before it renders.
 */
const library = () => import('react-toastify/unstyled');

export const toast = {
  success(content: ToastContent, options?: ToastOptions): void {
    void library().then(({ toast: t }) => t.success(content, options));
  },
  error(content: ToastContent, options?: ToastOptions): void {
    void library().then(({ toast: t }) => t.error(content, options));
  },
};
