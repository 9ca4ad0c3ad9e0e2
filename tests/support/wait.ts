/** Polls until `check` returns a value other than undefined/false, or fails with the last seen state. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  {
    timeoutMs = 20_000,
    intervalMs = 20,
    message = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${message}${lastError ? `: ${String(lastError)}` : ''}`);
}

/**
 * Sends again while the answer is a `503` that says nothing was changed (busy, overloaded), as a client does; not
 * one that may have been saved, nor a quarantined club's. A test of what commands do together uses it, so that a
 * loaded machine makes it slower, not red: it keeps trying for `withinMs`, pausing a little longer each time, up
 * to 2 s.
 */
export async function sentUntilTaken<T extends { status: number; body?: unknown }>(
  send: () => Promise<T>,
  { withinMs = 40_000, pauseMs = 100 }: { withinMs?: number; pauseMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + withinMs;
  let answer = await send();
  // As the web's client decides (lib/http.ts): every reason but APPEND_UNCONFIRMED (it may be saved) and
  // QUARANTINED (not soon).
  const unchanged = (sent: T) => {
    const reason = (sent.body as { reason?: unknown } | undefined)?.reason;
    return sent.status === 503 && typeof reason === 'string' && !/^(APPEND_UNC|QUAR)/.test(reason);
  };
  for (let attempt = 1; unchanged(answer) && Date.now() < deadline; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pauseMs * attempt, 2_000)));
    answer = await send();
  }
  return answer;
}

/** `promise`, or an error naming `what` once `ms` have passed: a long test's failure says which step hung. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
