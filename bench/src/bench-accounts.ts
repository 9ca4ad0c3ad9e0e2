import { randomUUID } from 'node:crypto';
import { ACCOUNT_API, DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { HttpClient } from '../../tests/support/http-client.ts';

/** Accounts for the benches, made over HTTP as people make them (sign up, the mailed code, sign in, minimal). */

export function expectStatus(response: { status: number; body: unknown }, status: number, what: string) {
  // 200 and 201 both mean done here; the exact code is the tests' business.
  const ok = status < 300 ? response.status >= 200 && response.status < 300 : response.status === status;
  if (!ok)
    throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
}

/**
 * `from`: the network address the sign-up says it comes from (X-Forwarded-For), for a server started with
 * TRUST_PROXY=true: a bench that needs more people than one address may sign up (DESIGN.md §19) spreads them.
 */
export async function signedIn(
  url: string,
  label: string,
  from?: string,
): Promise<{ http: HttpClient; id: string }> {
  const http = new HttpClient(url);
  const email = `${label}.${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery';
  const response = await http.request(
    'POST',
    `${ACCOUNT_API}/account`,
    { email, password },
    from ? { 'x-forwarded-for': from } : {},
  );
  const created = {
    status: response.status,
    body: (await response.json()) as { id: string; refresh: string },
  };
  expectStatus(created, 201, 'sign up');
  const mailbox = await http.json<Array<{ code?: string }>>(
    'GET',
    `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
  );
  const code = mailbox.body[0]?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  expectStatus(
    await http.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify?language=en`, {
      refresh: created.body.refresh,
      code,
    }),
    200,
    'verify',
  );
  expectStatus(await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password }), 200, 'login');
  expectStatus(
    await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName: `Bench ${label}`,
      phoneNumber: { countryCode: '31', number: '06 12345678' },
    }),
    200,
    'minimal account',
  );
  return { http, id: created.body.id };
}
