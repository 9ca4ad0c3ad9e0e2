/** An answer the client should see as it is: status, a readable message and, for bad input, what was wrong. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: unknown,
    readonly headers: Record<string, string> = {},
    /** More fields of the answer's body, next to `error` (e.g. a refusal's `reason`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
