/**
 * A sign-up waiting for its email code: the account id travels in the verify page's address, the
 * `refresh` value (and the email, for the text) stay in this tab's sessionStorage.
 */
interface PendingVerification {
  id: string;
  refresh: string;
  email?: string;
}

const KEY = 'courtside.verification';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function savePendingVerification(pending: PendingVerification): void {
  storage()?.setItem(KEY, JSON.stringify(pending));
}

export function readPendingVerification(id: string | null): PendingVerification | undefined {
  if (!id) return undefined;
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<PendingVerification> | null;
    if (value && value.id === id && typeof value.refresh === 'string')
      return { id, refresh: value.refresh, email: typeof value.email === 'string' ? value.email : undefined };
  } catch {
    // Unreadable: as if absent.
  }
  return undefined;
}

export function clearPendingVerification(): void {
  storage()?.removeItem(KEY);
}
