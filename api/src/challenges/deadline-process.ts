import { randomUUID } from 'node:crypto';
import { challengesDecider } from '@courtside/events/challenges/decider';
import type { CommandBus } from '../commands/command-bus.ts';
import type { Logger } from '../observability/logger.ts';
import { matchDecider } from '@courtside/events/matches/decider';
import { dueResults, matchStateOf } from '@courtside/projector/matches/queries';
import { isoDay } from '@courtside/events/ladders/season-rules';
import { inactivityDecider } from '@courtside/events/teams/inactivity';
import { seasonTeamsDecider } from '@courtside/events/teams/decider';
import { pauseDecider } from '@courtside/events/teams/pause';
import {
  pauseStateOf,
  seasonsWithDuePauses,
  seasonsWithLapsedRequests,
  seasonTeamsStateOf,
} from '@courtside/projector/teams/queries';
import { seasonChallengesStateOf, seasonsWithDueChallenges } from '@courtside/projector/challenges/queries';
import { inactivityStateOf, seasonsWithInactivityRule } from '@courtside/projector/teams/inactivity-queries';
import type pg from 'pg';
import { tournamentDecider } from '@courtside/events/tournaments/decider';
import {
  tournamentStateOf,
  tournamentsWithLapsedInvitations,
} from '@courtside/projector/tournaments/queries';

export const SYSTEM_ACTOR = 'system';

/**
 * Deadlines without a request (DESIGN.md §5): expires the challenges nobody answered in time and confirms the
 * results nobody confirmed or disputed in time, and drops teams that did not play for `inactivityDays`. It only
 * proposes
 * work; each season's expiry and each result's confirmation is an ordinary command under the company's lock, decided against the caught-up state
 * with the bus's clock, so several api processes (and a second run) append each expiry once.
 */
export class DeadlineProcess {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly options: {
      commands: CommandBus;
      readModels: Pick<pg.Pool, 'query'>;
      clock: () => Date;
      logger: Logger;
      intervalMs: number;
      /** Work each pass does after the deadlines, on the same clock (each decides itself whether it is due). */
      jobs?: Array<{ name: string; run: () => Promise<unknown> }>;
    },
  ) {}

  start(): void {
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.runOnce().finally(tick);
      }, this.options.intervalMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over every season with a due challenge; runs after the one under way, never two at once. */
  runOnce(): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const run = previous.then(() => this.pass());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async pass(): Promise<void> {
    const { commands, readModels, clock, logger } = this.options;
    for (const { companyId, seasonId } of await seasonsWithDueChallenges(readModels, clock())) {
      try {
        await commands.handle({
          companyId,
          actorId: SYSTEM_ACTOR,
          decider: challengesDecider,
          load: (caughtUp) => seasonChallengesStateOf(caughtUp, seasonId),
          name: 'ExpireChallenges',
          // A match for each challenge that may expire: which ones do, the rules decide.
          command: (state) => ({
            type: 'ExpireChallenges' as const,
            matchIds: Object.fromEntries(
              Object.keys(state.challenges).map((challengeId) => [challengeId, randomUUID()]),
            ),
          }),
          result: {},
        });
      } catch (error) {
        // One season that cannot be expired now (log down, company quarantined) waits for the next pass.
        logger.warn({ err: error, companyId, seasonId }, 'challenge deadlines not applied');
      }
    }
    for (const { companyId, matchId } of await dueResults(readModels, clock())) {
      try {
        await commands.handle({
          companyId,
          actorId: SYSTEM_ACTOR,
          decider: matchDecider,
          load: (caughtUp) => matchStateOf(caughtUp, matchId),
          command: { type: 'ConfirmResult', matchId, by: { role: 'system' } },
          result: {},
        });
      } catch (error) {
        logger.warn({ err: error, companyId, matchId }, 'result confirmation deadline not applied');
      }
    }
    // After the results: a result confirmed just now is activity that keeps a team in its place.
    for (const { companyId, seasonId } of await seasonsWithInactivityRule(readModels, isoDay(clock()))) {
      try {
        await commands.handle({
          companyId,
          actorId: SYSTEM_ACTOR,
          decider: inactivityDecider,
          load: (caughtUp) => inactivityStateOf(caughtUp, seasonId),
          command: { type: 'ApplyInactivity' },
          result: {},
        });
      } catch (error) {
        logger.warn({ err: error, companyId, seasonId }, 'inactivity not applied');
      }
    }
    // DESIGN.md §9: a paused team is back on its `until` (before inactivity looks at it again on the next pass).
    for (const { companyId, seasonId } of await seasonsWithDuePauses(readModels, isoDay(clock()))) {
      try {
        await commands.handle({
          companyId,
          actorId: SYSTEM_ACTOR,
          decider: pauseDecider,
          load: (caughtUp) => pauseStateOf(caughtUp, seasonId),
          command: { type: 'ResumeDuePauses' },
          result: {},
        });
      } catch (error) {
        logger.warn({ err: error, companyId, seasonId }, 'pauses not resumed');
      }
    }
    // DESIGN.md §9: a partner request nobody answered in 14 days lapses.
    for (const { companyId, seasonId } of await seasonsWithLapsedRequests(readModels, clock())) {
      try {
        await commands.handle({
          companyId,
          actorId: SYSTEM_ACTOR,
          decider: seasonTeamsDecider,
          load: (caughtUp) => seasonTeamsStateOf(caughtUp, seasonId),
          command: { type: 'LapsePartnerRequests' },
          result: {},
        });
      } catch (error) {
        logger.warn({ err: error, companyId, seasonId }, 'partner requests not lapsed');
      }
    }
    // DESIGN.md §16 with §9: a tournament's invitation nobody answered in 14 days lapses.
    for (const { companyId, tournamentId } of await tournamentsWithLapsedInvitations(readModels, clock())) {
      try {
        await commands.handle({
          companyId,
          actorId: SYSTEM_ACTOR,
          decider: tournamentDecider,
          load: (caughtUp) => tournamentStateOf(caughtUp, tournamentId),
          command: { type: 'LapseInvitations' },
          result: {},
        });
      } catch (error) {
        logger.warn({ err: error, companyId, tournamentId }, 'tournament invitations not lapsed');
      }
    }
    // Other work due at a time of the club's day (the waiting teams' digest, DESIGN.md §17): after the deadlines.
    for (const job of this.options.jobs ?? []) {
      try {
        await job.run();
      } catch (error) {
        logger.warn({ err: error, job: job.name }, 'timed job failed, tried again on the next pass');
      }
    }
  }
}
