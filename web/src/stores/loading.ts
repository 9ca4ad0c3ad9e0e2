import { atom } from 'jotai';

/** Number of API calls currently in flight (maintained by lib/http.ts). */
export const inFlightAtom = atom(0);
