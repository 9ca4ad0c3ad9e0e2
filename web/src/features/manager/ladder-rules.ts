import { defaultLadderRules, type LadderRules, type Movement } from '@courtside/events/ladders/rules';

/** The number fields of the ladder rules (DESIGN.md §5 table), in the order the form shows them. */
export const ruleNumberFields = [
  'challengeRange',
  'responseDays',
  'playDays',
  'confirmHours',
  'inactivityDays',
  'maxPauseDays',
] as const;
export type RuleNumberField = (typeof ruleNumberFields)[number];
type RuleField = keyof LadderRules;

/** The whole numbers the api accepts per field (events/src/ladders/rules.ts, unit-tested against it). */
export const ruleLimits: Record<RuleNumberField, { min: number; max: number }> = {
  challengeRange: { min: 0, max: 50 },
  responseDays: { min: 1, max: 60 },
  playDays: { min: 1, max: 120 },
  confirmHours: { min: 0, max: 720 },
  inactivityDays: { min: 0, max: 365 },
  maxPauseDays: { min: 0, max: 365 },
};

/** The rules as the form holds them: an emptied number field is null until the user types again. */
export type RulesFormValues = { [K in RuleNumberField]: number | null } & {
  declineIsWalkover: boolean;
  movement: Movement;
};

/** The form's starting values: the season's rules, or the defaults for a new season. */
export function rulesFormValues(rules: Partial<LadderRules> | undefined): RulesFormValues {
  return { ...defaultLadderRules, ...rules };
}

const ruleFields = Object.keys(defaultLadderRules) as RuleField[];

/** The rules field an issue path is about (`['rules', 'playDays']` or `'rules.playDays'`), if any. */
export function ruleFieldOf(path: readonly (string | number)[] | string): RuleField | undefined {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts.length !== 2 || parts[0] !== 'rules') return undefined;
  return ruleFields.find((field) => field === parts[1]);
}

export function isNumberRule(field: RuleField): field is RuleNumberField {
  return (ruleNumberFields as readonly string[]).includes(field);
}
