// toastify first: the theme overrides its colour variables
import 'react-toastify/dist/ReactToastify.css';
import './styles/theme.scss';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { setApiNavigate } from './lib/api-client';
import { createI18n } from './lib/i18n';
import { browserLanguages, detectLanguage } from './lib/language';
import { createQueryClient } from './lib/query-client';

const i18n = createI18n(detectLanguage(window.location.pathname, browserLanguages()));
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
setApiNavigate((to) => {
  void router.navigate(to, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
