import type { BoxSettings, SeasonFormat } from '@courtside/events/boxes/model';
import type { MatchType } from '@courtside/events/ladders/model';
import type { RulesFormValues } from './ladder-rules';

/**
 * The values of the season form (SeasonDetailsForm), in a module of their own: the field groups the form renders
 * (LadderRulesFields, BoxSettingsFields) take them too, and importing them from the form would be an import circle.
 */
export interface SeasonValues {
  name: string;
  startDate: string;
  endDate: string;
  minimumPlayedMatches: number | null;
  openForRegistration: boolean;
  matchType: MatchType;
  rules: RulesFormValues;
  /** DESIGN.md §12: LADDER or BOX (fixed once the season has a match), and the box settings. */
  format: SeasonFormat;
  box: BoxFormValues;
}

export type BoxFormValues = BoxSettings;
