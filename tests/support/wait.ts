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
 * one that may have been saved. A test of what commands do together uses it, so that a loaded machine makes it
 * slower, not red.
 */
export async function sentUntilTaken<T extends { status: number; body?: unknown }>(
  send: () => Promise<T>,
  { attempts = 20, pauseMs = 100 }: { attempts?: number; pauseMs?: number } = {},
): Promise<T> {
  let answer = await send();
  const unchanged = (sent: T) =>
    sent.status === 503 && /nothing was changed/i.test(JSON.stringify(sent.body));
  for (let attempt = 1; unchanged(answer) && attempt < attempts; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
    answer = await send();
  }
  return answer;
}
