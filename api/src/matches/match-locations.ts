import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { singleLineText } from '@courtside/events/text';
import { API_MATCH_LOCATIONS_TABLE } from '@courtside/projector/api-tables';
import { matchLocationOf } from '@courtside/projector/matches/queries';

type Queryable = Pick<pg.Pool, 'query'>;

const MATCH_LOCATION_MAX = 100;

/**
 * DESIGN.md §9 "Results, places": where a match is played, one line of at most 100 characters (a court or a
 * venue). Blank clears it (`null`); `undefined` (left out) leaves it as it is.
 */
export const matchLocationInput = z
  .string('Give the location as text')
  .transform((value) => value.trim())
  // DESIGN.md §19 "Text": a place follows the rule of every name; blank (spaces only) is no place, so it clears.
  .pipe(singleLineText())
  .pipe(z.string().max(MATCH_LOCATION_MAX, `Use at most ${MATCH_LOCATION_MAX} characters`))
  .transform((value) => value || null)
  .nullable()
  .optional()
  .describe(
    'Where the match is played (a court or venue): one line, at most 100 characters; blank or null clears it',
  );

/**
 * The locations' texts, beside the log (docs/decisions/matches-and-live-scoring.md "A match's location"): the `MatchLocationSet` event names
 * a row by its id. A text is written before its command and forgotten again when the command does not go through.
 */
export class MatchLocations {
  constructor(private readonly db: Queryable) {}

  /** The match's location as the read models show it now, or null. */
  current(matchId: string): Promise<string | null> {
    return matchLocationOf(this.db, matchId);
  }

  /** Keeps a new text and gives its id, for the event to carry. */
  async record(location: { matchId: string; location: string; setBy: string; at: Date }): Promise<string> {
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO ${API_MATCH_LOCATIONS_TABLE} (id, match_id, location, set_by, set_at) VALUES ($1, $2, $3, $4, $5)`,
      [id, location.matchId, location.location, location.setBy, location.at],
    );
    return id;
  }

  /** A text whose command was refused: no event names it. */
  async forget(id: string): Promise<void> {
    await this.db.query(`DELETE FROM ${API_MATCH_LOCATIONS_TABLE} WHERE id = $1`, [id]);
  }

  /**
   * Runs `command` with the id of `location`'s new row: `undefined` when the location is left as it is (also when it
   * is the same text), `null` to clear it. The row goes again when the command throws (refused, or the log failed).
   */
  async withLocation<T>(
    location: { matchId: string; location: string | null | undefined; setBy: string; at: Date },
    command: (locationId: string | null | undefined) => Promise<T>,
    current: () => Promise<string | null> = () => this.current(location.matchId),
  ): Promise<T> {
    if (location.location === undefined || location.location === (await current())) return command(undefined);
    if (location.location === null) return command(null);
    const id = await this.record({ ...location, location: location.location });
    try {
      return await command(id);
    } catch (error) {
      await this.forget(id);
      throw error;
    }
  }
}
