import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * True while the app renders on the server (a first paint) or takes over the server's markup (main.tsx hydrates
 * it): what renders then must be what the server rendered. False in every later render.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
