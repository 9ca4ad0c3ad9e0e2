import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LOOKUP_PAGES, getMatchEvent } from './match-item';
import { matchSchema } from './matches';

const side = (teamId: string) => ({ teamId, members: [{ id: `${teamId}-p`, name: teamId }] });
const match = (id: string) =>
  matchSchema.parse({
    id,
    status: 'planned',
    sportsCategory: 'TENNISSINGLE',
    defender: side('team-d'),
    challenger: side('team-c'),
  });
const event = { name: { id: 'ladder-1', name: 'Club ladder' }, part: { id: 'season-1', name: 'Winter' } };

/** The answers of `GET matches`, page by page; records the queries asked. */
function serveList(pages: unknown[][]) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const query = new URL(input, 'http://localhost').searchParams;
    asked.push(query);
    const page = pages[Number(query.get('PAGE'))] ?? [];
    return new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getMatchEvent (the event of the ?match= page)', () => {
  it('given the match on the second page of its teams’ matches, then that item’s event, asked by both team ids', async () => {
    const asked = serveList([[{ match: match('other'), event }], [{ match: match('m1'), event }]]);
    await expect(getMatchEvent(match('m1'))).resolves.toEqual(event);
    expect(asked.map((q) => q.get('PAGE'))).toEqual(['0', '1']);
    expect(asked[0]!.get('TAGS')).toBe('team-d,team-c');
    expect(asked[0]!.get('COMPLETED')).toBe('TRUE');
    expect(asked[0]!.get('NOTCOMPLETED')).toBe('TRUE');
  });

  it('given an empty page before the match, then no event and no further page', async () => {
    const asked = serveList([[{ match: match('other'), event }], []]);
    await expect(getMatchEvent(match('m1'))).resolves.toBeUndefined();
    expect(asked).toHaveLength(2);
  });

  it('given pages that never hold the match, then it stops after the page limit', async () => {
    const full = [{ match: match('other'), event }];
    const asked = serveList(Array.from({ length: EVENT_LOOKUP_PAGES + 3 }, () => full));
    await expect(getMatchEvent(match('m1'))).resolves.toBeUndefined();
    expect(asked).toHaveLength(EVENT_LOOKUP_PAGES);
  });
});
