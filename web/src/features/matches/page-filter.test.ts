import { describe, expect, it } from 'vitest';
import { matchSchema } from './api/matches';
import { matchesPageNeedsSignIn, matchesPageView, playerNameIn, widgetDisplay } from './page-filter';

const view = (query: string) => matchesPageView(new URLSearchParams(query));

describe('the matches page filters', () => {
  it('turns event and player into tags', () => {
    expect(view('event=l1&player=p1')).toEqual({
      kind: 'filtered',
      eventId: 'l1',
      playerId: 'p1',
      tags: ['l1', 'p1'],
    });
    expect(view('event=l1')).toEqual({ kind: 'filtered', eventId: 'l1', playerId: null, tags: ['l1'] });
    expect(view('player=p1')).toMatchObject({ tags: ['p1'] });
  });

  it('shows one match, or else the own matches; odd values are ignored', () => {
    expect(view('match=m1&event=l1')).toEqual({ kind: 'match', matchId: 'm1' });
    expect(view('')).toEqual({ kind: 'own' });
    expect(view('event=a,b')).toEqual({ kind: 'own' });
    expect(view('event=')).toEqual({ kind: 'own' });
  });

  it('needs a session only for the own matches', () => {
    expect(matchesPageNeedsSignIn(new URL('http://x/webapps/matches/en/'))).toBe(true);
    expect(matchesPageNeedsSignIn(new URL('http://x/webapps/matches/en/?event=l1'))).toBe(false);
    expect(matchesPageNeedsSignIn(new URL('http://x/webapps/matches/en/?match=m1'))).toBe(false);
  });
});

describe('the player page', () => {
  it('takes the player name from the first match with that member', () => {
    const team = (teamId: string, id: string, name: string) => ({
      teamId,
      members: [{ id, name, position: 1, itsMe: false }],
    });
    const match = matchSchema.parse({
      id: 'm1',
      status: 'planned',
      sportsCategory: 'TENNISSINGLE',
      defender: team('t1', 'p1', 'Ann Smith'),
      challenger: team('t2', 'p2', 'Bob Jones'),
    });
    expect(playerNameIn([{ match }], 'p2')).toBe('Bob Jones');
    expect(playerNameIn([{ match }], 'p3')).toBeNull();
    expect(playerNameIn([], 'p1')).toBeNull();
  });
});

describe('the widget display flags', () => {
  it('reads short and one from the widget URL', () => {
    expect(widgetDisplay(new URLSearchParams('event=l1'))).toEqual({ shortName: false, onlyOne: false });
    expect(widgetDisplay(new URLSearchParams('event=l1&short=1'))).toEqual({
      shortName: true,
      onlyOne: false,
    });
    expect(widgetDisplay(new URLSearchParams('event=l1&one=true&short=0'))).toEqual({
      shortName: false,
      onlyOne: true,
    });
  });
});
