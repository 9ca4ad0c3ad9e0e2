import { startTransition, useEffect, useState } from 'react';
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
 * The account read in flight, shared: the top bar, the page and its parts (My matches: the account menu, the
 * calendar link and the challenges) mount together, each not knowing the account yet, and ask for it once between
 * them, not once each (docs/performance.md, "Pages on a phone").
 */
let accountRead: Promise<Account> | null = null;

/** The signed-in account, read once for everyone who asks while it is in flight. */
export function readAccount(): Promise<Account> {
  accountRead ??= getAccount().finally(() => {
    accountRead = null;
  });
  return accountRead;
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
    // Not aborted when this user unmounts: the read may be another one's too, and the account it brings is the
    // signed-in one whoever asked.
    readAccount()
      .then((value) =>
        // In a transition: what shows the account (the top bar's menu and bell, My matches' calendar link) renders
        // in slices that yield to the browser, not as one long task (docs/performance.md, "Pages on a phone").
        startTransition(() => {
          setAccount(value);
          setReloaded(true);
        }),
      )
      .catch(() => {
        // A 401 is handled by the session (logout and redirect); other failures leave the menu generic.
      });
  }, [loggedIn, account, reloaded, setAccount]);

  return { loggedIn, account: loggedIn ? account : null };
}
