import { useCallback, useEffect, useState } from 'react';
import { deletePushSubscription, getPushKey, savePushSubscription } from '../api/notifications';

/**
 * "On this phone" (DESIGN.md §17): whether this browser shows the account's notifications on its lock screen.
 * `unsupported`: no service worker, Push API or notifications here (an iPhone's Safari outside the installed app);
 * `denied`: the browser's permission was refused (only the browser's settings give it back). The permission is asked
 * for only by `turnOn`, a tap on the switch, never when the page loads.
 */
export type PhonePushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const WORKER = '/webapps/sw.js';
const SCOPE = '/webapps/';

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, registering it if the scorer has not yet (lib/service-worker.ts). */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  return navigator.serviceWorker.ready;
}

/** The applicationServerKey as the Push API takes it: the base64url key's bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export function usePhonePush() {
  const [state, setState] = useState<PhonePushState>('checking');

  useEffect(() => {
    let current = true;
    const settle = (next: PhonePushState) => current && setState(next);
    if (!supported()) return void settle('unsupported');
    if (Notification.permission === 'denied') return void settle('denied');
    // Looks only: no registration, no permission asked.
    void navigator.serviceWorker
      .getRegistration(SCOPE)
      .then(async (found) => {
        const subscription = await found?.pushManager.getSubscription();
        settle(subscription && Notification.permission === 'granted' ? 'on' : 'off');
      })
      .catch(() => settle('off'));
    return () => {
      current = false;
    };
  }, []);

  /** Asks the browser's permission (this tap), subscribes with the server's key and tells the server. */
  const turnOn = useCallback(async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'denied' : 'off');
      return;
    }
    const [worker, key] = await Promise.all([registration(), getPushKey()]);
    const subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
    await savePushSubscription(subscription.toJSON());
    setState('on');
  }, []);

  /** Ends this browser's subscription, with the push service and with the server. */
  const turnOff = useCallback(async () => {
    const worker = await navigator.serviceWorker.getRegistration(SCOPE);
    const subscription = await worker?.pushManager.getSubscription();
    if (subscription) {
      // The same endpoint again answers its id (one row per endpoint).
      const subscriptionId = await savePushSubscription(subscription.toJSON());
      await deletePushSubscription(subscriptionId);
      await subscription.unsubscribe();
    }
    setState('off');
  }, []);

  return { state, turnOn, turnOff };
}
