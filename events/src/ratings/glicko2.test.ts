import { describe, expect, it } from 'vitest';
import { expectedScore, INITIAL_RATING, isProvisional, ratePeriod, sideOf, type Outcome } from './glicko2.ts';

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

describe("Glicko-2's volatility, checked against the equation it solves (Glickman's step 5)", () => {
  // Written from the paper, not from the code: the new volatility σ′ is the root x = ln σ′² of f.
  const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / Math.PI ** 2);
  function rootCheck(
    player: { rating: number; deviation: number; volatility: number },
    outcomes: readonly Outcome[],
  ) {
    const mu = (player.rating - 1500) / SCALE;
    const phi = player.deviation / SCALE;
    let inverseV = 0;
    let sum = 0;
    for (const o of outcomes) {
      const phiJ = o.deviation / SCALE;
      const e = 1 / (1 + Math.exp(-g(phiJ) * (mu - (o.rating - 1500) / SCALE)));
      inverseV += g(phiJ) ** 2 * e * (1 - e);
      sum += g(phiJ) * (o.score - e);
    }
    const v = 1 / inverseV;
    const delta = v * sum;
    const a = Math.log(player.volatility ** 2);
    const f = (x: number) =>
      (Math.exp(x) * (delta ** 2 - phi ** 2 - v - Math.exp(x))) / (2 * (phi ** 2 + v + Math.exp(x)) ** 2) -
      (x - a) / 0.25;
    const after = ratePeriod(player, outcomes);
    const phiStar = Math.sqrt(phi ** 2 + after.volatility ** 2);
    const phiAfter = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
    return {
      residual: f(Math.log(after.volatility ** 2)),
      branch: delta ** 2 > phi ** 2 + v ? 'large' : 'small',
      deviation: after.deviation - SCALE * phiAfter,
      rating: after.rating - (SCALE * (mu + phiAfter ** 2 * sum) + 1500),
    };
  }

  it.each([
    [
      "the paper's example",
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { rating: 1400, deviation: 30, score: 1 },
        { rating: 1550, deviation: 100, score: 0 },
        { rating: 1700, deviation: 300, score: 0 },
      ],
      'small',
    ],
    [
      'a settled player beating a far stronger one',
      { rating: 1500, deviation: 50, volatility: 0.06 },
      [{ rating: 2300, deviation: 30, score: 1 }],
      'large',
    ],
    [
      'a settled, volatile player losing to a far weaker one',
      { rating: 2100, deviation: 40, volatility: 0.09 },
      [{ rating: 1300, deviation: 35, score: 0 }],
      'large',
    ],
    [
      'a new player against a new one',
      { rating: 1500, deviation: 350, volatility: 0.06 },
      [{ rating: 1500, deviation: 350, score: 1 }],
      'small',
    ],
  ] as const)('solves f(ln σ′²) = 0 for %s, and rates with that σ′', (_, player, outcomes, branch) => {
    const check = rootCheck(player, outcomes as readonly Outcome[]);

    expect(check.branch).toBe(branch);
    expect(Math.abs(check.residual)).toBeLessThan(1e-6);
    expect(check.deviation).toBeCloseTo(0, 9);
    expect(check.rating).toBeCloseTo(0, 9);
  });

  it("gives the paper's σ′ unrounded: 0.0599960", () => {
    const after = ratePeriod({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { rating: 1400, deviation: 30, score: 1 },
      { rating: 1550, deviation: 100, score: 0 },
      { rating: 1700, deviation: 300, score: 0 },
    ]);
    expect(after.volatility).toBeCloseTo(0.059996, 6);
  });
});
