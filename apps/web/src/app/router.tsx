// Every route of spec §2's table. Each area is its own lazy chunk (the landing excepted, see below):
// a visitor of '/' or '/guest' never downloads the account area's code (DESIGN §9).
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { PublicOnly, RequireGuestId, RequireUser } from './guards';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './root-layout';

/** A lazy route whose module exports the page component under `name`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootErrorBoundary,
    children: [
      // The landing is the first page most people see: it ships with the entry, no second round trip.
      { index: true, Component: LandingPage },
      {
        path: 'login',
        Component: PublicOnly,
        children: [{ index: true, lazy: page(() => import('../features/auth/components/login-page'), 'LoginPage') }],
      },
      { path: 'forgot-password', lazy: page(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage') },
      { path: 'new-password', lazy: page(() => import('../features/auth/components/new-password-page'), 'NewPasswordPage') },
      {
        path: 'activate-account',
        lazy: page(() => import('../features/activation/components/activate-account-page'), 'ActivateAccountPage'),
      },
      {
        path: 'complaints-book',
        lazy: page(() => import('../features/complaints/components/complaints-book-page'), 'ComplaintsBookPage'),
      },
      { path: 'terminos', lazy: page(() => import('../features/legal/components/terms-page'), 'TermsPage') },
      { path: 'cookies', lazy: page(() => import('../features/legal/components/cookies-page'), 'CookiesPage') },
      { path: 'privacidad', lazy: page(() => import('../features/legal/components/privacy-page'), 'PrivacyPage') },
      {
        path: 'guest',
        Component: RequireGuestId,
        children: [{ index: true, lazy: page(() => import('../features/guest-memorial/components/guest-page'), 'GuestPage') }],
      },
      {
        path: 'account',
        Component: RequireUser,
        children: [
          {
            lazy: page(() => import('../features/account-shell/components/account-layout'), 'AccountLayout'),
            children: [
              { index: true, lazy: page(() => import('../features/account-home/components/account-home-page'), 'AccountHomePage') },
              { path: 'notifications', lazy: page(() => import('../features/notifications/components/notifications-page'), 'NotificationsPage') },
              { path: 'edit-basic-data', lazy: page(() => import('../features/edit-data/components/edit-data-page'), 'EditDataPage') },
              { path: 'personal', lazy: page(() => import('../features/personal/components/personal-page'), 'PersonalPage') },
              { path: 'change-password', lazy: page(() => import('../features/personal/components/change-password-page'), 'ChangePasswordPage') },
            ],
          },
        ],
      },
      // Spec §2: any other /account/* redirects to /, logged in or not.
      { path: 'account/*', element: <Navigate to="/" replace /> },
      // Spec §2: any other unlisted path shows the landing.
      { path: '*', Component: LandingPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
