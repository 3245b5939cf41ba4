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

/** How long a toast stays (spec section 2): the container's default. */
export const TOAST_AUTO_CLOSE_MS = 5000;

type Kind = 'success' | 'error';

/**
 * Toasts pause on focus loss (spec section 2), also one that appears while the window has no
 * focus: the customer switched windows while the call was answering. react-toastify pauses such a
 * toast when it mounts but starts its timer when its entrance animation ends, so it would close
 * unseen. It is shown without a timer instead and gets its 5 s when the window has focus again
 * (a later blur pauses it as any other).
 */
function show(kind: Kind, content: ToastContent, options?: ToastOptions): void {
  void library().then(({ toast: t }) => {
    const autoClose = options?.autoClose ?? TOAST_AUTO_CLOSE_MS;
    if (document.hasFocus() || autoClose === false) {
      t[kind](content, options);
      return;
    }
    const start = () => {
      window.removeEventListener('focus', start);
      if (t.isActive(id)) t.update(id, { autoClose });
    };
    const onClose: ToastOptions['onClose'] = (reason) => {
      window.removeEventListener('focus', start);
      options?.onClose?.(reason);
    };
    const id = t[kind](content, { ...options, autoClose: false, onClose });
    window.addEventListener('focus', start);
  });
}

export const toast = {
  success(content: ToastContent, options?: ToastOptions): void {
    show('success', content, options);
  },
  error(content: ToastContent, options?: ToastOptions): void {
    show('error', content, options);
  },
};
