import { describe, expect, it } from 'vitest';
import { expectedScore, INITIAL_RATING, isProvisional, ratePeriod, sideOf } from './glicko2.ts';

const SCALE = 173.7178;

describe('Glicko-2, against the worked example of Glickman\'s paper ("Example of the Glicko-2 system")', () => {
  // The player rated 1500 (RD 200, σ 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
  const player = { rating: 1500, deviation: 200, volatility: 0.06 };
  const outcomes = [
    { rating: 1400, deviation: 30, score: 1 },
    { rating: 1550, deviation: 100, score: 0 },
    { rating: 1700, deviation: 300, score: 0 },
  ] as const;

  it("gives the paper's μ′ −0.2069, φ′ 0.8722 and σ′ 0.05999 (r′ 1464.06, RD′ 151.52) to 4 decimals", () => {
    const after = ratePeriod(player, outcomes);

    expect((after.rating - 1500) / SCALE).toBeCloseTo(-0.2069, 4);
    expect(after.deviation / SCALE).toBeCloseTo(0.8722, 4);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
    // The paper converts its rounded μ′ back (−0.2069 → 1464.06); unrounded it is 1464.05.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 2);
  });

  it("gives the paper's expected scores E: 0.639, 0.432 and 0.303", () => {
    expect(outcomes.map((opponent) => expectedScore(player, opponent))).toEqual([
      expect.closeTo(0.639, 3),
      expect.closeTo(0.432, 3),
      expect.closeTo(0.303, 3),
    ]);
  });

  it("takes the volatility iteration's other branch when the improvement is large (Δ² > φ² + v)", () => {
    // A settled player (RD 50) beating a far stronger, settled one: the surprise is larger than the uncertainty.
    const settled = { rating: 1500, deviation: 50, volatility: 0.06 };
    const after = ratePeriod(settled, [{ rating: 2300, deviation: 30, score: 1 }]);

    expect(after.volatility).toBeGreaterThan(settled.volatility);
    expect(after.rating).toBeGreaterThan(settled.rating);
    expect(after.deviation).toBeLessThan(settled.deviation + 10);
  });
});

describe('Glicko-2 as DESIGN.md §11 uses it', () => {
  it('starts everyone at 1500, deviation 350, volatility 0.06, provisional', () => {
    expect(INITIAL_RATING).toEqual({ rating: 1500, deviation: 350, volatility: 0.06 });
    expect(isProvisional(INITIAL_RATING)).toBe(true);
  });

  it('is provisional above a deviation of 110 only', () => {
    expect(isProvisional({ deviation: 110.01 })).toBe(true);
    expect(isProvisional({ deviation: 110 })).toBe(false);
  });

  it('moves two new players the same distance in opposite directions', () => {
    const won = ratePeriod(INITIAL_RATING, [{ ...INITIAL_RATING, score: 1 }]);
    const lost = ratePeriod(INITIAL_RATING, [{ ...INITIAL_RATING, score: 0 }]);

    expect(won.rating - 1500).toBeCloseTo(1500 - lost.rating, 6);
    expect(won.rating).toBeGreaterThan(1600);
    expect(won.deviation).toBeLessThan(350);
  });

  it('gives an even chance between equals, and more to the higher rated', () => {
    expect(expectedScore({ rating: 1500 }, { rating: 1500, deviation: 350 })).toBe(0.5);
    expect(expectedScore({ rating: 1620 }, { rating: 1500, deviation: 80 })).toBeGreaterThan(0.6);
  });

  it('sees a side of two as the mean of its ratings and the root mean square of its deviations', () => {
    expect(
      sideOf([
        { rating: 1400, deviation: 30, volatility: 0.06 },
        { rating: 1600, deviation: 40, volatility: 0.06 },
      ]),
    ).toEqual({ rating: 1500, deviation: Math.sqrt((30 * 30 + 40 * 40) / 2) });
    expect(sideOf([{ rating: 1432, deviation: 77, volatility: 0.06 }])).toEqual({
      rating: 1432,
      deviation: 77,
    });
  });
});
