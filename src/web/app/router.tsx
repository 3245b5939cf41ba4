import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';

import { PageSpinner } from '../components/ui/page-spinner';

import { RedirectIfLoggedIn } from './guards/redirect-if-logged-in';
import { RequireStaff } from './guards/require-staff';
import { RequireUser } from './guards/require-user';
import { MovedToStaff, StaffHome, StaffRoleGate } from './guards/staff-role-gate';
import { loadPageLabel } from './layout/page-label-loader';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { STAFF_PAGES } from './staff-pages';

/**
 * A lazily loaded route module: its default export is the page; an optional `clientLoader`
 * gets the query client and returns the route loader (use `queryClient.ensureQueryData` so
 * the page's data loads with the navigation).
 */
export interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

type Lazy = (load: () => Promise<RouteModule>) => RouteObject['lazy'];

function lazyWith(queryClient: QueryClient): Lazy {
  return (load) => async () => {
    const module = await load();
    return module.clientLoader
      ? { Component: module.default, loader: module.clientLoader(queryClient) }
      : { Component: module.default };
  };
}

/** A page whose crumb shows its name: the code reading the name loads beside the page's own. */
function withPageLabel(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return () => Promise.all([load(), loadPageLabel()]).then(([module]) => module);
}

const publicLayout = () => import('./layout/public-layout');

/** Login and the password pages: a logged-in visitor goes on to the shop. */
function authRoutes(lazy: Lazy): RouteObject {
  const login = () => import('./routes/auth/login');
  return {
    element: <RedirectIfLoggedIn />,
    children: [
      {
        lazy: lazy(publicLayout),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: lazy(login) },
              { path: 'user/login', lazy: lazy(login) },
              { path: 'user/password', lazy: lazy(() => import('./routes/auth/forgot-password')) },
              {
                path: 'user/password/reset/:user/:timestamp?/:hash?',
                lazy: lazy(() => import('./routes/auth/reset-password')),
              },
            ],
          },
        ],
      },
    ],
  };
}

/** A bulk payment link opened without logging in. */
function anonymousPaymentRoutes(lazy: Lazy): RouteObject {
  return {
    lazy: lazy(publicLayout),
    children: [
      {
        path: 'bulk/payment/:paymentId/update/anonymous',
        errorElement: <RouteError />,
        lazy: lazy(() => import('./routes/payments/bulk-payment-anonymous')),
      },
    ],
  };
}

/** The catalogue, quick order and the cart up to a placed order. */
function orderingPages(lazy: Lazy): RouteObject[] {
  return [
    { path: 'assortment', lazy: lazy(() => import('./routes/catalog/assortment')) },
    { path: 'assortment/order-list', lazy: lazy(() => import('./routes/catalog/order-list')) },
    { path: 'assortment/:id', lazy: lazy(withPageLabel(() => import('./routes/catalog/product'))) },
    { path: 'quick-order', lazy: lazy(() => import('./routes/quick-order/quick-order')) },
    { path: 'usual-products', lazy: lazy(() => import('./routes/quick-order/usual-products')) },
    { path: 'cart', lazy: lazy(() => import('./routes/cart/cart')) },
    { path: 'cart/checkout', lazy: lazy(() => import('./routes/checkout/checkout')) },
    { path: 'cart/checkout/:order/update', lazy: lazy(() => import('./routes/checkout/checkout-update')) },
    {
      path: 'cart/checkout/:order/completed',
      lazy: lazy(() => import('./routes/checkout/checkout-completed')),
    },
    {
      path: 'bulk/payment/:paymentId/update',
      lazy: lazy(() => import('./routes/payments/bulk-payment-update')),
    },
  ];
}

/** My account and its pages, in the account layout. */
function accountRoutes(lazy: Lazy): RouteObject {
  return {
    path: 'account',
    lazy: lazy(() => import('./layout/account-layout')),
    children: [
      { index: true, lazy: lazy(() => import('./routes/account/my-details')) },
      { path: 'orders', lazy: lazy(() => import('./routes/account/orders')) },
      { path: 'orders/:id', lazy: lazy(() => import('./routes/account/order-detail')) },
      // Moved into the staff area (issue 42); the old addresses still lead there.
      { path: 'customers', element: <MovedToStaff path="/staff/customers" /> },
      { path: 'food-completeness', element: <MovedToStaff path="/staff/food-completeness" /> },
    ],
  };
}

/** Paying a cash invoice and the pages the payment provider returns to. */
function cashInvoicePages(lazy: Lazy): RouteObject[] {
  return [
    {
      path: 'cash-invoices/payment/:cashInvoice/update',
      lazy: lazy(() => import('./routes/invoices/cash-invoice-update')),
    },
    {
      path: 'cash-invoices/payment/:cashInvoice/completed',
      lazy: lazy(() => import('./routes/invoices/cash-invoice-completed')),
    },
    {
      path: 'cash-invoices/payment/:cashInvoice/failed',
      lazy: lazy(() => import('./routes/invoices/cash-invoice-failed')),
    },
  ];
}

/** The logged-in shop, in the shop layout. */
function shopLayoutRoutes(lazy: Lazy): RouteObject {
  return {
    element: <RequireUser />,
    children: [
      {
        lazy: lazy(() => import('./layout/shop-layout')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...orderingPages(lazy),
              accountRoutes(lazy),
              ...cashInvoicePages(lazy),
              // Any other path: a CMS content page if one exists there, else the 404 page.
              { path: '*', lazy: lazy(withPageLabel(() => import('./routes/content/content-or-not-found'))) },
            ],
          },
        ],
      },
    ],
  };
}

/** The staff area (issue 42): its own layout; each page behind the roles that reach it. */
function staffAreaRoutes(lazy: Lazy): RouteObject {
  return {
    path: 'staff',
    element: <RequireUser />,
    children: [
      {
        element: <RequireStaff />,
        children: [
          {
            lazy: lazy(() => import('./layout/staff-layout')),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, element: <StaffHome /> },
                  ...STAFF_PAGES.map((page) => ({
                    path: page.path,
                    element: <StaffRoleGate roles={page.roles} />,
                    children: [{ index: true, lazy: lazy(page.load) }],
                  })),
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** Every route of spec section 2 and the staff area, once per language prefix ('', 'en', 'nl'). */
function shopRoutes(lazy: Lazy): RouteObject[] {
  return [authRoutes(lazy), anonymousPaymentRoutes(lazy), staffAreaRoutes(lazy), shopLayoutRoutes(lazy)];
}

/**
 * The route tree. The language segment is optional: '/cart', '/nl/cart' and '/en/cart' are
 * the same page; the UI language comes from the path (see lib/language.ts).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const lazy = lazyWith(queryClient);
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner fullPage />,
      children: [
        ...shopRoutes(lazy),
        { path: 'en', children: shopRoutes(lazy) },
        { path: 'nl', children: shopRoutes(lazy) },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
