import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';

/** Texts that pass every name's rule in each field, and texts that no name or place may hold (400). */
const BAD_NAMES = [
  'TC Tilburg\r\n\r\nYour account is blocked: sign in at https://evil.test',
  'TC Tilburg\u2029Second paragraph',
  'TC \u202Egrubli T',
  'TC \u2066Tilburg\u2069',
  '   ',
  '\u200B\u200D\uFEFF',
];

/**
 * DESIGN.md §19 "Text": a company's name follows the one-line rule of every other name, and every name (company,
 * ladder, season, person, invitee) refuses text direction controls, line and paragraph separators, and text with no
 * visible character, with 400 and nothing made.
 */
describe('names follow one rule', () => {
  const courtside = courtsideForTests();
  const client = () => courtside.client();

  it('refuses such a company name with 400 and makes no company', async () => {
    const http = client();
    await signedInAccount(http);
    for (const name of BAD_NAMES) {
      const created = await http.json<{ issues?: Array<{ path: string[] }> }>(
        'POST',
        `${ACCOUNT_API}/companies`,
        { name },
      );
      expect(created.status, JSON.stringify(name)).toBe(400);
      expect(created.body.issues?.[0]?.path, JSON.stringify(name)).toEqual(['name']);
    }
    expect((await http.json<unknown[]>('GET', `${ACCOUNT_API}/companies`)).body).toEqual([]);
    const fine = await http.json('POST', `${ACCOUNT_API}/companies`, { name: 'TC Zoë 🎾' });
    expect(fine).toMatchObject({ status: 201, body: { name: 'TC Zoë 🎾' } });
  });

  it('refuses it as a ladder’s, a season’s, a person’s or an invitee’s name', async () => {
    const { manager, company, ladderId, seasonId } = await managerWithSeason(courtside.url);
    const ladders = `${ADMIN_API}/companies/${company.id}/ladders`;
    const season = {
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      minimumPlayedMatches: 0,
      openForRegistration: true,
      matchType: 'GAMESONLY',
    };
    const person = client();
    await signedInAccount(person, { minimal: false });
    const refused = async (
      answer: Promise<{ status: number; body: { issues?: Array<{ path: Array<string | number> }> } }>,
      field: Array<string | number>,
      name: string,
    ) => {
      const { status, body } = await answer;
      expect(status, JSON.stringify(name)).toBe(400);
      // Each issue is about the name (a ladder's name may also break its "/" rule).
      expect(new Set(body.issues?.map((issue) => JSON.stringify(issue.path))), JSON.stringify(name)).toEqual(
        new Set([JSON.stringify(field)]),
      );
    };
    for (const name of BAD_NAMES) {
      await refused(
        manager.json('POST', ladders, { name, email: 'l@club.test', sportsCategory: 'PADEL' }),
        ['name'],
        name,
      );
      await refused(
        manager.json('POST', `${ladders}/${ladderId}/seasons`, { ...season, name }),
        ['name'],
        name,
      );
      await refused(
        person.json('PUT', `${ACCOUNT_API}/account/minimal`, {
          fullName: name,
          phoneNumber: { countryCode: '31', number: '612345678' },
        }),
        ['fullName'],
        name,
      );
      await refused(
        manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/invitations`, {
          invitees: [{ email: 'someone@club.test', fullName: name }],
          placement: 'WAITING',
        }),
        ['invitees', 0, 'fullName'],
        name,
      );
    }
    // The same forms take a good name.
    expect(
      (
        await person.json('PUT', `${ACCOUNT_API}/account/minimal`, {
          fullName: 'Zoë Ünal',
          phoneNumber: { countryCode: '31', number: '612345678' },
        })
      ).status,
    ).toBe(200);
  });
});
