import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { AppLayout } from '../../components/layout/AppLayout';
import { accountAtom } from '../../stores/session';

// The bell (its panel, API client and zod) loads for a signed-in account only.
const NotificationBell = lazy(async () => ({
  default: (await import('../../features/notifications/components/NotificationBell')).NotificationBell,
}));

/** The account's bell once the top bar's account menu knows who is signed in. */
function SignedInBell() {
  const account = useAtomValue(accountAtom);
  if (!account) return null;
  return (
    <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
      <NotificationBell accountId={account.id} />
    </Suspense>
  );
}

/** The app's frame: the shared layout with what features put into the top bar (the notifications bell). */
export function AppShell() {
  return <AppLayout topBarItems={<SignedInBell />} />;
}
