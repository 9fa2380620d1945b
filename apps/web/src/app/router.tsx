// Every route of spec §2's table. Each area is its own lazy chunk: a visitor of '/' or '/guest'
// never downloads the account area's code (DESIGN §9). '/', '/login' and '/guest' arrive from the
// server as light pages with bundles of their own (docs/decisions/007, 015); the routes here serve
// the SPA's own navigations to them and the pages the server does not render.
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly, RequireGuestId, RequireUser } from './guards';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './root-layout';

/** A lazy route whose module exports the page component under `name`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

const landing = page(() => import('../features/landing/components/landing-page'), 'LandingPage');

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, lazy: landing },
      {
        path: 'login',
        Component: PublicOnly,
        children: [{ index: true, lazy: page(() => import('../features/auth/components/login-route'), 'LoginRoute') }],
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
      { path: 'recordatorios/confirmar', lazy: page(() => import('../features/remembrance/components/reminder-pages'), 'ConfirmRemindersPage') },
      { path: 'recordatorios/baja', lazy: page(() => import('../features/remembrance/components/reminder-pages'), 'UnsubscribeRemindersPage') },
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
      // The back office (issue 15): its own lazy chunks, never loaded by the guest page or the account area.
      { path: 'admin/login', lazy: page(() => import('../features/backoffice-auth/components/admin-login-page'), 'AdminLoginPage') },
      { path: 'admin/set-password', lazy: page(() => import('../features/backoffice-auth/components/set-password-page'), 'SetPasswordPage') },
      {
        path: 'admin',
        lazy: page(() => import('../features/backoffice-shell/components/backoffice-layout'), 'BackofficeLayout'),
        children: [
          { index: true, element: <Navigate to="/admin/complaints" replace /> },
          { path: 'complaints', lazy: page(() => import('../features/backoffice-complaints/components/complaints-page'), 'ComplaintsPage') },
          { path: 'complaints/holidays', lazy: page(() => import('../features/backoffice-complaints/components/holidays-page'), 'HolidaysPage') },
          { path: 'complaints/:number', lazy: page(() => import('../features/backoffice-complaints/components/complaint-page'), 'ComplaintPage') },
          { path: 'contracts', lazy: page(() => import('../features/backoffice-contracts/components/contracts-page'), 'ContractsPage') },
          { path: 'contracts/new', lazy: page(() => import('../features/backoffice-contracts/components/new-contract-page'), 'NewContractPage') },
          { path: 'contracts/:number', lazy: page(() => import('../features/backoffice-contracts/components/contract-page'), 'ContractPage') },
          { path: 'reports', lazy: page(() => import('../features/backoffice-reports/components/reports-page'), 'ReportsPage') },
          { path: 'audit', lazy: page(() => import('../features/backoffice-audit/components/audit-page'), 'AuditPage') },
          { path: 'socios/estado', lazy: page(() => import('../features/backoffice-partner-statement/components/partner-statement-page'), 'PartnerStatementPage') },
          { path: 'socios/:id/estado', lazy: page(() => import('../features/backoffice-partner-statement/components/partner-statement-page'), 'PartnerStatementPage') },
          { path: 'socios', lazy: page(() => import('../features/backoffice-partners/components/partners-page'), 'PartnersPage') },
          { path: 'socios/nuevo', lazy: page(() => import('../features/backoffice-partners/components/new-partner-page'), 'NewPartnerPage') },
          { path: 'socios/:id', lazy: page(() => import('../features/backoffice-partners/components/partner-page'), 'PartnerPage') },
          { path: 'account', lazy: page(() => import('../features/backoffice-auth/components/operator-account-page'), 'OperatorAccountPage') },
          { path: '*', element: <Navigate to="/admin/complaints" replace /> },
        ],
      },
      // The partner area (issue 30): funeral homes' staff, its own lazy chunks.
      { path: 'socios', lazy: page(() => import('../features/partner-auth/components/partner-login-page'), 'PartnerLoginPage') },
      { path: 'socios/set-password', lazy: page(() => import('../features/partner-auth/components/partner-set-password-page'), 'PartnerSetPasswordPage') },
      { path: 'socios/vender', lazy: page(() => import('../features/partner-sale/components/sale-page'), 'SalePage') },
      { path: 'socios/personal', lazy: page(() => import('../features/partner-staff/components/staff-page'), 'StaffPage') },
      { path: 'socios/estado', lazy: page(() => import('../features/partner-statement/components/statement-page'), 'StatementPage') },
      { path: 'socios/memoriales', lazy: page(() => import('../features/partner-memorials/components/memorials-page'), 'MemorialsPage') },
      { path: 'socios/condiciones', lazy: page(() => import('../features/legal/components/partner-terms-page'), 'PartnerTermsPage') },
      // Spec §2: any other /account/* redirects to /, logged in or not.
      { path: 'account/*', element: <Navigate to="/" replace /> },
      // Spec §2: any other unlisted path shows the landing.
      { path: '*', lazy: landing },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
