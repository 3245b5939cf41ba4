import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

import { PageSpinner } from '../components/ui/page-spinner';
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast';
import { setDocumentLanguage } from '../lib/i18n';
import { useLang } from '../lib/use-lang';

// Loaded after the first paint; toasts raised before it mounts wait in react-toastify's queue.
const ToastContainer = lazy(() => import('react-toastify/unstyled').then((module) => ({ default: module.ToastContainer })));

/** Keeps i18next and <html lang> on the language of the URL. */
function LanguageSync() {
  const lang = useLang();
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  useEffect(() => {
    setDocumentLanguage(lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);
  return null;
}

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}

export function RootLayout() {
  return (
    <>
      <LanguageSync />
      <NavigationProgress />
      <Suspense fallback={<PageSpinner fullPage />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover pauseOnFocusLoss newestOnTop />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
