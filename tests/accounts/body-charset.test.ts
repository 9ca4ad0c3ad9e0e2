import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';

const MINIMAL = `${ACCOUNT_API}/account/minimal`;
const phoneNumber = { countryCode: '31', number: '06 12345678' };

/** A JSON text as the bytes of a single-byte charset: every character below U+0100 is its own byte. */
const latin1 = (value: unknown) => Uint8Array.from(Buffer.from(JSON.stringify(value), 'latin1'));

/**
 * A body is read in the charset its Content-Type declares: never stored with replacement characters, never a 500.
 */
describe('the charset of a request body', () => {
  let courtside: RunningCourtside;
  let http: HttpClient;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { runProjector: false });
    http = new HttpClient(courtside.url!);
    await signedInAccount(http);
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  const fullName = async () =>
    ((await http.json<{ fullName: string }>('GET', `${ACCOUNT_API}/account`)).body as { fullName: string })
      .fullName;

  it('stores a latin1 (iso-8859-1) body as the text it is', async () => {
    for (const charset of ['latin1', 'ISO-8859-1', 'windows-1252']) {
      const name = `José Müller ${charset}`;
      const answer = await http.request('PUT', MINIMAL, latin1({ fullName: name, phoneNumber }), {
        'content-type': `application/json; charset=${charset}`,
      });
      expect({ charset, status: answer.status }).toEqual({ charset, status: 200 });
      expect(await fullName()).toBe(name);
    }
  });

  it('stores a UTF-8 body, declared or not, as before', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
    ]) {
      const name = `Zoë Ångström ${type.length}`;
      const body = new TextEncoder().encode(JSON.stringify({ fullName: name, phoneNumber }));
      expect((await http.request('PUT', MINIMAL, body, { 'content-type': type })).status).toBe(200);
      expect(await fullName()).toBe(name);
    }
  });

  it('answers 415 for a charset it does not know and 400 for bytes that are not text in theirs: nothing is stored', async () => {
    const before = await fullName();
    const unknown = await http.request('PUT', MINIMAL, latin1({ fullName: 'José', phoneNumber }), {
      'content-type': 'application/json; charset=x-klingon',
    });
    expect(unknown.status).toBe(415);
    expect(((await unknown.json()) as { error: string }).error).toMatch(
      /charset "x-klingon" is not supported/,
    );

    // Latin1 bytes sent as UTF-8 (no charset): not "Jos\uFFFD".
    const undeclared = await http.request('PUT', MINIMAL, latin1({ fullName: 'José', phoneNumber }), {
      'content-type': 'application/json',
    });
    expect(undeclared.status).toBe(400);
    expect(((await undeclared.json()) as { error: string }).error).toMatch(/not valid utf-8/);
    expect(await fullName()).toBe(before);
  });
});
