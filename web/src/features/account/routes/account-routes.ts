import type { RouteObject } from 'react-router-dom';
import { GUARDS, type GuardLoader } from '../../../lib/guards';

/** `/account/{locale}/…` (spec §2, §4 "Guards"); `app/route-table.tsx` adds the locale loader. */
export function accountRoutes(guard: GuardLoader): RouteObject[] {
  return [
    {
      index: true,
      loader: guard(GUARDS.withMinimalAccount),
      lazy: async () => ({
        Component: (await import('../components/AccountPage')).AccountPage,
      }),
    },
    {
      path: 'login',
      loader: guard(GUARDS.anonymousOnly),
      lazy: async () => ({ Component: (await import('../components/LoginPage')).LoginPage }),
    },
    {
      path: 'register',
      loader: guard(GUARDS.anonymousOnly),
      lazy: async () => ({
        Component: (await import('../components/RegisterPage')).RegisterPage,
      }),
    },
    {
      path: 'verify',
      loader: guard(GUARDS.anonymousOnly),
      lazy: async () => ({
        Component: (await import('../components/VerifyPage')).VerifyPage,
      }),
    },
    {
      // DESIGN.md §10: name, phone, email, password and language.
      path: 'settings',
      loader: guard(GUARDS.signedIn),
      lazy: async () => ({
        Component: (await import('../components/SettingsPage')).SettingsPage,
      }),
    },
    {
      path: 'forgot',
      loader: guard(GUARDS.anonymousOnly),
      lazy: async () => ({
        Component: (await import('../components/password-pages')).ForgotPasswordPage,
      }),
    },
    {
      // DESIGN.md §10: anyone with the link; a new password ends every session, a signed-in one too.
      path: 'reset',
      lazy: async () => ({
        Component: (await import('../components/password-pages')).ResetPasswordPage,
      }),
    },
    {
      // DESIGN.md §9: anyone with the link; the page itself says what the visitor can do signed in or not.
      path: 'invitation/:token',
      lazy: async () => ({
        Component: (await import('../components/InvitationPage')).InvitationPage,
      }),
    },
    {
      path: 'onboarding',
      loader: guard(GUARDS.signedIn),
      lazy: async () => ({
        Component: (await import('../components/OnboardingPage')).OnboardingPage,
      }),
    },
  ];
}
