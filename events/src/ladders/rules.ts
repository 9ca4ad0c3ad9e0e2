import { z } from 'zod';

/** How positions change after a confirmed win (DESIGN.md §5). */
export const movements = ['LEAPFROG', 'SWAP'] as const;
export type Movement = (typeof movements)[number];

const whole = (min: number, max: number, unit: string) =>
  z
    .number(`Enter a number of ${unit}`)
    .int('Enter a whole number')
    .min(min, `Enter ${min} or more`)
    .max(max, `Enter at most ${max}`);

/**
 * The ladder rules of a season (DESIGN.md §5 table). Every field is optional in a request; what a request leaves
 * out keeps its stored value, or its default.
 */
export const ladderRulesInputSchema = z
  .object({
    challengeRange: whole(0, 50, 'positions'),
    responseDays: whole(1, 60, 'days'),
    playDays: whole(1, 120, 'days'),
    declineIsWalkover: z.boolean('Choose whether declining gives a walkover'),
    movement: z.enum(movements, 'Choose LEAPFROG or SWAP'),
    confirmHours: whole(0, 720, 'hours'),
    inactivityDays: whole(0, 365, 'days'),
    maxPauseDays: whole(0, 365, 'days'),
  })
  .partial();
export type LadderRulesInput = z.infer<typeof ladderRulesInputSchema>;
export type LadderRules = Required<LadderRulesInput>;

export const defaultLadderRules: LadderRules = {
  challengeRange: 3,
  responseDays: 7,
  playDays: 14,
  declineIsWalkover: true,
  movement: 'LEAPFROG',
  confirmHours: 48,
  inactivityDays: 0,
  maxPauseDays: 21,
};

/** The rules after a change: the fields given replace the current ones, the rest stay. */
export function withRules(current: LadderRules, change: LadderRulesInput): LadderRules {
  const defined = Object.entries(change).filter(([, value]) => value !== undefined);
  return { ...current, ...Object.fromEntries(defined) };
}

export function sameRules(a: LadderRules, b: LadderRules): boolean {
  return (Object.keys(defaultLadderRules) as Array<keyof LadderRules>).every((key) => a[key] === b[key]);
}

/** Stored rules as read back (JSON from the read model): defaults for what is missing. */
export function rulesOf(stored: Partial<LadderRules> | null | undefined): LadderRules {
  return withRules(defaultLadderRules, stored ?? {});
}
