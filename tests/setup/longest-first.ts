import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took the longest in a whole run (a clean clone's CI, 2026-11-29 12:46 UTC, three workers on two
 * cores, 731 s), longest first. A fresh machine has no record of earlier runs, so vitest orders files by size: a long file of
 * few lines started in the last minutes and ran on alone after every other file had ended (the run's tail was one
 * file for 90 s). A file missing here only starts later; a file gone from the repository is ignored.
 */
const LONGEST = [
  'tests/web/accessibility.test.ts',
  'tests/fuzz/routes.fuzz.test.ts',
  'tests/web/club-month-journey.test.ts',
  'tests/faults/kafka-faults.test.ts',
  'tests/web/session-journey.test.ts',
  'tests/web/boxes-journey.test.ts',
  'tests/notifications/notifier-faults.test.ts',
  'tests/web/live-journey.test.ts',
  'tests/web/tournament-screens.test.ts',
  'tests/web/confirmation-journey.test.ts',
  'tests/web/manager-journey.test.ts',
  'tests/notifications/fewer-mails.test.ts',
  'tests/web/shell.test.ts',
  'tests/event-log/outage.test.ts',
  'tests/spine/projector-crash.test.ts',
  'tests/web/club-night-journey.test.ts',
  'tests/web/keyboard-journeys.test.ts',
  'tests/web/notifications-journey.test.ts',
  'tests/history/head-equals-live.test.ts',
  'tests/web/server-clock-resync.test.ts',
  'tests/web/keyboard-journeys-2.test.ts',
  'tests/web/partners-journey.test.ts',
  'tests/web/invitations-journey.test.ts',
  'tests/web/tournament-entry-by-email-journey.test.ts',
  'tests/web/pauses-journey.test.ts',
];

/** Starts the longest files first, then the rest in vitest's own order. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index < 0 ? LONGEST.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
