import { HEALTH_PATH } from '@courtside/events/api-paths';
import { answerCheckerOf } from './api-document.ts';

/**
 * A tiny HTTP client that behaves like a browser for the api: it keeps cookies and sends the anti-forgery
 * header on state-changing calls. Every answer of an API route is checked against the server's OpenAPI document
 * (status and JSON body): an answer that is not as documented throws, and fails the test.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Off only for a client that sends what no documented client would (the fuzz test's garbage). */
    private readonly checkAnswers = true,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Every cookie this client holds, as a `Cookie` header (for other clients acting as the same user). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    if (method !== 'GET' && method !== 'HEAD' && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', HEALTH_PATH);
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(method !== 'GET' && method !== 'HEAD' && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
      body:
        body === undefined || typeof body === 'string' || body instanceof Uint8Array
          ? body
          : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    await this.check(method, path, response);
    return response;
  }

  /** Throws when the answer is not as the document says (the document itself is not checked here). */
  private async check(method: string, path: string, response: Response): Promise<void> {
    if (!this.checkAnswers) return;
    const checker = await answerCheckerOf(this.baseUrl);
    const contentType = response.headers.get('content-type') ?? '';
    const body = checker.readsBody(method, path, contentType) ? await response.clone().text() : '';
    const problem = checker.problem(method, path, response.status, contentType, body);
    if (problem) throw new Error(`Undocumented answer: ${problem}`);
  }

  async json<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}
