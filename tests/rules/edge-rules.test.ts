import { describe, expect, it } from 'vitest';
import { defaultLadderRules, ladderRulesInputSchema } from '../../events/src/ladders/rules.ts';
import { clampToLatestDate, LOCAL_DATE_TIME_HINT, playedAt } from '../../events/src/matches/match-dates.ts';

describe('a ladder’s rules as a request gives them (DESIGN.md §5 table)', () => {
  const refused = (input: unknown) => {
    const parsed = ladderRulesInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes whole numbers within each field’s bounds, a yes or no, and a movement', () => {
    const all = {
      challengeRange: 50,
      responseDays: 1,
      playDays: 120,
      declineIsWalkover: false,
      movement: 'SWAP',
      confirmHours: 720,
      inactivityDays: 0,
      maxPauseDays: 365,
    };
    expect(ladderRulesInputSchema.parse(all)).toEqual(all);
    expect(ladderRulesInputSchema.parse({})).toEqual({});
  });

  it.each([
    [{ challengeRange: 51 }, 'challengeRange', 'Enter at most 50'],
    [{ challengeRange: -1 }, 'challengeRange', 'Enter 0 or more'],
    [{ challengeRange: 'three' }, 'challengeRange', 'Enter a number of positions'],
    [{ responseDays: 0 }, 'responseDays', 'Enter 1 or more'],
    [{ responseDays: 61 }, 'responseDays', 'Enter at most 60'],
    [{ responseDays: 'x' }, 'responseDays', 'Enter a number of days'],
    [{ playDays: 121 }, 'playDays', 'Enter at most 120'],
    [{ playDays: 1.5 }, 'playDays', 'Enter a whole number'],
    [{ playDays: 'x' }, 'playDays', 'Enter a number of days'],
    [{ confirmHours: 721 }, 'confirmHours', 'Enter at most 720'],
    [{ confirmHours: 'x' }, 'confirmHours', 'Enter a number of hours'],
    [{ inactivityDays: 366 }, 'inactivityDays', 'Enter at most 365'],
    [{ inactivityDays: 'x' }, 'inactivityDays', 'Enter a number of days'],
    [{ declineIsWalkover: 'yes' }, 'declineIsWalkover', 'Choose whether declining gives a walkover'],
    [{ movement: 'UP' }, 'movement', 'Choose LEAPFROG or SWAP'],
  ])('%o is refused: %s, “%s”', (input, field, message) => {
    expect(refused(input)).toEqual([[field, message]]);
  });

  it('a declined challenge is a walkover unless the club says otherwise', () => {
    expect(defaultLadderRules.declineIsWalkover).toBe(true);
  });
});

describe('match dates (spec §4, §9)', () => {
  it('a date past the season’s last day is moved to that day at its time; that day itself stays', () => {
    expect(clampToLatestDate('2026-07-01T18:00', '2026-06-30')).toBe('2026-06-30T18:00');
    expect(clampToLatestDate('2026-06-30T18:00', '2026-06-30')).toBe('2026-06-30T18:00');
  });

  it('anything but a local date and time, or a last day that is not a day, is left as it is', () => {
    expect(clampToLatestDate('2026-07-01T18:00x', '2026-06-30')).toBe('2026-07-01T18:00x');
    expect(clampToLatestDate('x2026-07-01T18:00', '2026-06-30')).toBe('x2026-07-01T18:00');
    expect(clampToLatestDate('2026-07-01T18:00', '2026-06-30x')).toBe('2026-07-01T18:00');
    expect(clampToLatestDate('2026-07-01T18:00', 'x2026-06-30')).toBe('2026-07-01T18:00');
    expect(LOCAL_DATE_TIME_HINT).toBe('Use a date and time as YYYY-MM-DDTHH:mm');
  });

  it('an undated result was played when it was counted', () => {
    expect(playedAt(null, '2026-03-01T12:00:00.000Z', 'UTC')).toBe('2026-03-01T12:00');
    expect(playedAt('2026-02-28T18:00', '2026-03-01T12:00:00.000Z', 'UTC')).toBe('2026-02-28T18:00');
    expect(playedAt('2026-03-02T18:00', '2026-03-01T12:00:00.000Z', 'UTC')).toBe('2026-03-01T12:00');
  });
});
