import { boxEvents } from './boxes/events.ts';
import { challengeEvents } from './challenges/events.ts';
import { companyEvents } from './companies/events.ts';
import type { EventDefinition } from './event-registry.ts';
import { ladderEvents } from './ladders/events.ts';
import { liveEvents } from './live/events.ts';
import { matchEvents } from './matches/events.ts';
import { teamEvents } from './teams/events.ts';
import { tournamentEvents } from './tournaments/events.ts';

/** Every event type of the product. Each feature adds its definitions here. */
export const productEvents: readonly EventDefinition[] = [
  ...companyEvents,
  ...ladderEvents,
  ...teamEvents,
  ...matchEvents,
  ...challengeEvents,
  ...liveEvents,
  ...boxEvents,
  ...tournamentEvents,
];
