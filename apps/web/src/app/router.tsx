import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/spinner/spinner.tsx';
import { paths } from '../lib/paths.ts';
import { AuthGuard } from './auth-guard.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** Each screen is its own chunk: the landing page must load fast on a slow phone (ADR 0008). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // shown while the first screen's chunk loads
    HydrateFallback: FullPageSpinner,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/public-layout.tsx')).PublicLayout }),
        children: [
          {
            // '/', '/login', '/registro' and any unknown path show the landing; the path picks the modal
            path: '/',
            lazy: async () => ({ Component: (await import('./routes/landing-route.tsx')).LandingRoute }),
            // element null: these paths only choose the modal, the landing itself stays mounted
            children: [
              { index: true, element: null },
              { path: 'login', element: null },
              { path: 'registro', element: null },
              { path: '*', element: null },
            ],
          },
          {
            path: paths.resetPassword,
            lazy: async () => ({
              Component: (await import('./routes/reset-password-route.tsx')).ResetPasswordRoute,
            }),
          },
          {
            path: paths.confirmMail,
            lazy: async () => ({
              Component: (await import('./routes/confirm-mail-route.tsx')).ConfirmMailRoute,
            }),
          },
          {
            path: paths.verifyMail,
            lazy: async () => ({
              Component: (await import('./routes/verify-mail-route.tsx')).VerifyMailRoute,
            }),
          },
          {
            path: paths.privacy,
            lazy: async () => ({ Component: (await import('./routes/legal-routes.tsx')).PrivacyPolicyRoute }),
          },
          {
            path: paths.cookies,
            lazy: async () => ({ Component: (await import('./routes/legal-routes.tsx')).CookiePolicyRoute }),
          },
          {
            path: paths.legalNotice,
            lazy: async () => ({ Component: (await import('./routes/legal-routes.tsx')).LegalNoticeRoute }),
          },
          {
            path: paths.paymentSuccess,
            lazy: async () => ({
              Component: (await import('./routes/payment-routes.tsx')).PaymentSuccessRoute,
            }),
          },
          {
            path: paths.paymentError,
            lazy: async () => ({
              Component: (await import('./routes/payment-routes.tsx')).PaymentErrorRoute,
            }),
          },
          {
            path: paths.paymentCompletion,
            lazy: async () => ({
              Component: (await import('./routes/payment-routes.tsx')).PaymentCompletionRoute,
            }),
          },
        ],
      },
      {
        // docs/product.md, Routes names '/chat' as well: it opens the dashboard's chat, keeping '?with='
        path: paths.legacyChat,
        lazy: async () => ({
          Component: (await import('./routes/chat-route.tsx')).LegacyChatRedirect,
        }),
      },
      {
        element: <AuthGuard />,
        children: [
          {
            // the administration console: role ADMIN only (the layout sends anyone else to the dashboard)
            path: paths.admin,
            lazy: async () => ({ Component: (await import('./layouts/admin-layout.tsx')).AdminLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/admin-overview-route.tsx')).AdminOverviewRoute,
                }),
              },
              {
                path: 'abogados',
                lazy: async () => ({
                  Component: (await import('./routes/admin-lawyers-route.tsx')).AdminLawyersRoute,
                }),
              },
              {
                path: 'usuarios',
                lazy: async () => ({
                  Component: (await import('./routes/admin-users-route.tsx')).AdminUsersRoute,
                }),
              },
              {
                path: 'casos',
                lazy: async () => ({
                  Component: (await import('./routes/admin-cases-route.tsx')).AdminCasesRoute,
                }),
              },
              {
                path: 'pagos',
                lazy: async () => ({
                  Component: (await import('./routes/admin-payments-route.tsx')).AdminPaymentsRoute,
                }),
              },
              {
                path: 'auditoria',
                lazy: async () => ({
                  Component: (await import('./routes/admin-audit-route.tsx')).AdminAuditRoute,
                }),
              },
              {
                path: 'valoraciones',
                lazy: async () => ({
                  Component: (await import('./routes/admin-ratings-route.tsx')).AdminRatingsRoute,
                }),
              },
            ],
          },
          {
            lazy: async () => ({
              Component: (await import('./layouts/dashboard-layout.tsx')).DashboardLayout,
            }),
            children: [
              {
                path: paths.dashboard,
                children: [
                  { index: true, element: <Navigate to={paths.home} replace /> },
                  {
                    path: 'inicio',
                    lazy: async () => ({ Component: (await import('./routes/home-route.tsx')).HomeRoute }),
                  },
                  {
                    path: 'abogados/:lawyerId',
                    lazy: async () => ({
                      Component: (await import('./routes/lawyer-profile-route.tsx')).LawyerProfileRoute,
                    }),
                  },
                  {
                    path: 'abogados/:lawyerId/primera-consulta',
                    lazy: async () => ({
                      Component: (await import('./routes/book-consultation-route.tsx')).BookConsultationRoute,
                    }),
                  },
                  {
                    path: 'consultas',
                    lazy: async () => ({
                      Component: (await import('./routes/consultations-route.tsx')).MyConsultationsRoute,
                    }),
                  },
                  {
                    path: 'consultas/:consultationId',
                    lazy: async () => ({
                      Component: (await import('./routes/consultation-room-route.tsx')).ConsultationRoomRoute,
                    }),
                  },
                  {
                    path: 'detail',
                    lazy: async () => ({
                      Component: (await import('./routes/lawyer-profile-route.tsx')).LawyerDetailRoute,
                    }),
                  },
                  {
                    path: 'casos',
                    lazy: async () => ({ Component: (await import('./routes/cases-route.tsx')).CasesRoute }),
                  },
                  {
                    // docs/product.md, Case detail: reached with navigation state {caseId}; (+) also at its own URL
                    path: 'casos/informacion-del-caso',
                    lazy: async () => ({
                      Component: (await import('./routes/case-detail-route.tsx')).CaseDetailRoute,
                    }),
                  },
                  {
                    path: 'casos/:caseId',
                    lazy: async () => ({
                      Component: (await import('./routes/case-detail-route.tsx')).CaseDetailRoute,
                    }),
                  },
                  {
                    path: 'notificaciones',
                    lazy: async () => ({
                      Component: (await import('./routes/notifications-route.tsx')).NotificationsRoute,
                    }),
                  },
                  {
                    path: 'cobros',
                    lazy: async () => ({
                      Component: (await import('./routes/payouts-route.tsx')).PayoutsRoute,
                    }),
                  },
                  {
                    path: 'begincase',
                    lazy: async () => ({
                      Component: (await import('./routes/begin-case-route.tsx')).BeginCaseRoute,
                    }),
                  },
                ],
              },
              {
                path: paths.profile,
                lazy: async () => ({ Component: (await import('./routes/profile-route.tsx')).ProfileRoute }),
              },
              {
                path: paths.billing,
                lazy: async () => ({ Component: (await import('./routes/billing-route.tsx')).BillingRoute }),
              },
              {
                path: paths.paymentTest,
                lazy: async () => ({
                  Component: (await import('./routes/payment-routes.tsx')).PaymentTestRoute,
                }),
              },
              {
                path: `${paths.payoutSandbox}/:accountId`,
                lazy: async () => ({
                  Component: (await import('./routes/payouts-route.tsx')).SandboxOnboardingRoute,
                }),
              },
              {
                path: paths.chat,
                lazy: async () => ({ Component: (await import('./routes/chat-route.tsx')).ChatRoute }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
