/**
 * Import `toast` from here, never from 'react-toastify': the app mounts the unstyled build
 * (its CSS comes with our stylesheet, so the CSP needs no inline <style>), and the styled
 * entry keeps a separate store whose toasts would never show.
 */
export { toast } from 'react-toastify/unstyled';
