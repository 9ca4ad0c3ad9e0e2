import { createStore } from 'jotai';

/**
 * The application's single jotai store. React components reach it through the `<Provider>` in
 * app/provider.tsx; non-React modules (http client, live client) write to it directly.
 */
export const appStore = createStore();

export type AppStore = typeof appStore;
