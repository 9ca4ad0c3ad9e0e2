import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtom } from 'jotai';
import { getAccount, type Account } from '../lib/account-api';
import { getCookie } from '../lib/cookies';
import { isLoggedIn } from '../lib/session';
import { accountAtom } from '../stores/session';

interface SignedInAccount {
  /** From the `courtside.loggedin` cookie, read again on every route change. */
  loggedIn: boolean;
  /** The account once known (loaded when logged in and not yet known). */
  account: Account | null;
}

/**
 * The signed-in user for the top bar and the account page. With `reload`, the account is fetched
 * again on mount even when known (the account page shows fresh details).
 */
export function useSignedInAccount(options: { reload?: boolean } = {}): SignedInAccount {
  const location = useLocation();
  const [account, setAccount] = useAtom(accountAtom);
  const loggedIn = isLoggedIn(getCookie);
  const [reloaded, setReloaded] = useState(!options.reload);
  // Re-read on navigation: login and logout change the cookie and then navigate.
  void location.key;

  useEffect(() => {
    if (!loggedIn) {
      if (account) setAccount(null);
      return;
    }
    if (account && reloaded) return;
    const controller = new AbortController();
    getAccount(controller.signal)
      .then((value) => {
        setAccount(value);
        setReloaded(true);
      })
      .catch(() => {
        // A 401 is handled by the session (logout and redirect); other failures leave the menu generic.
      });
    return () => controller.abort();
  }, [loggedIn, account, reloaded, setAccount]);

  return { loggedIn, account: loggedIn ? account : null };
}
