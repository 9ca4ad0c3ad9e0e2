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
