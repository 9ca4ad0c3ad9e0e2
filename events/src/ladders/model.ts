import { z } from 'zod';
import { nameProblem } from '../text.ts';
import { ladderRulesInputSchema } from './rules.ts';
import { boxSettingsInputSchema, seasonFormatSchema } from '../boxes/model.ts';
import { matchTypes, sportsCategories } from './values.ts';

export { matchTypes, sportsCategories, teamSizeOf } from './values.ts';
export const sportsCategorySchema = z.enum(sportsCategories, 'Choose a sports category');
export type SportsCategory = z.infer<typeof sportsCategorySchema>;

export const matchTypeSchema = z.enum(matchTypes, 'Choose a match type');
export type MatchType = z.infer<typeof matchTypeSchema>;

/** YYYY-MM-DD, a real calendar day (spec §9). */
export const isoDateSchema = z.iso.date('Use a date as YYYY-MM-DD');

/** DESIGN.md §19 "Text": a ladder's or season's name is held to the rule of every name. */
function nameRule(name: string, ctx: z.RefinementCtx): void {
  const message = nameProblem(name);
  if (message) ctx.addIssue({ code: 'custom', message });
}

const ladderNameSchema = z
  .string('Enter a name')
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'Use at most 100 characters')
  .refine((name) => !name.includes('/'), 'A ladder name cannot contain "/"')
  .superRefine(nameRule);

/** The ladder details form (spec §2) and the body of POST/PUT ladders. */
export const ladderInputSchema = z.object({
  uuid: z.uuid().optional(),
  name: ladderNameSchema,
  email: z.email('Enter a valid email address').trim().max(254),
  sportsCategory: sportsCategorySchema,
});
export type LadderInput = z.infer<typeof ladderInputSchema>;

/** The season details form (spec §2) and the body of POST/PUT seasons. */
export const seasonInputSchema = z
  .object({
    uuid: z.uuid().optional(),
    name: z
      .string('Enter a name')
      .trim()
      .min(1, 'Enter a name')
      .max(100, 'Use at most 100 characters')
      .superRefine(nameRule),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    minimumPlayedMatches: z
      .number('Enter a number')
      .int('Enter a whole number')
      .min(0, 'Enter 0 or more')
      .max(1000, 'Enter at most 1000'),
    openForRegistration: z.boolean('Choose whether teams can register'),
    matchType: matchTypeSchema,
    /** DESIGN.md §5: optional; what is left out keeps its stored value (or default). */
    rules: ladderRulesInputSchema.optional(),
    /** DESIGN.md §12: optional; left out keeps the stored value (or LADDER, the default box settings). */
    format: seasonFormatSchema.optional(),
    box: boxSettingsInputSchema.optional(),
  })
  .refine((season) => season.endDate >= season.startDate, {
    path: ['endDate'],
    message: 'The end date cannot be before the start date',
  });
export type SeasonInput = z.infer<typeof seasonInputSchema>;
