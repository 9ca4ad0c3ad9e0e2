import { auditProjection } from './audit/projection.ts';
import { boxesProjection } from './boxes/projection.ts';
import { challengesProjection } from './challenges/projection.ts';
import { companiesProjection } from './companies/projection.ts';
import { laddersProjection } from './ladders/projection.ts';
import { liveProjection } from './live/projection.ts';
import { matchesProjection } from './matches/projection.ts';
import type { Projection } from './projection.ts';
import { teamsProjection } from './teams/projection.ts';
import { ratingsProjection } from './ratings/projection.ts';
import { tournamentsProjection } from './tournaments/projection.ts';

/** Every read model of the product. Each feature adds its projection here. */
export const productProjections: readonly Projection[] = [
  companiesProjection,
  laddersProjection,
  teamsProjection,
  matchesProjection,
  // After the matches: it reads their rows in the same transaction.
  ratingsProjection,
  challengesProjection,
  liveProjection,
  // After the ladders (a draw needs its season) and the matches (their changes are pushed as the boxes').
  boxesProjection,
  tournamentsProjection,
  auditProjection,
];
