import { toast as toastify, type ToastContent, type ToastOptions } from 'react-toastify/unstyled';

import { TOAST_AUTO_CLOSE_MS } from './toast';

export type Kind = 'success' | 'error';

/**
 * Toasts pause on focus loss (spec section 2), also one that appears while the window has no
 * focus: the customer switched windows while the call was answering. react-toastify pauses such a
 * toast when it mounts but starts its timer when its entrance animation ends, so it would close
 * unseen. It is shown without a timer instead and gets its 5 s when the window has focus again
 * (a later blur pauses it as any other).
 */
export function show(kind: Kind, content: ToastContent, options?: ToastOptions): void {
  const autoClose = options?.autoClose ?? TOAST_AUTO_CLOSE_MS;
  if (document.hasFocus() || autoClose === false) {
    toastify[kind](content, options);
    return;
  }
  const start = () => {
    window.removeEventListener('focus', start);
    if (toastify.isActive(id)) toastify.update(id, { autoClose });
  };
  const onClose: ToastOptions['onClose'] = (reason) => {
    window.removeEventListener('focus', start);
    options?.onClose?.(reason);
  };
  const id = toastify[kind](content, { ...options, autoClose: false, onClose });
  window.addEventListener('focus', start);
}
