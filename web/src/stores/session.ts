import { atom } from 'jotai';
import type { Account } from '../lib/account-api';

/**
 * The signed-in account as the client knows it (name or email for the top bar). `null`: not known
 * (logged out, or not loaded yet). Set after login, onboarding and GET account; cleared on logout.
 */
export const accountAtom = atom<Account | null>(null);
