/**
 * The only api tables the read models' queries join, named once. Accounts (names, emails, phones) stay out of the log
 * (docs/decisions/accounts-and-sessions.md: personal data is not an event), so a match view that shows member names, built by the projector
 * for its pushes and by the api for its answers, joins the api's accounts table. The projector never writes it.
 */
export const API_ACCOUNTS_TABLE = 'courtside.accounts';

/**
 * Where matches are played (DESIGN.md §9 "Results, places"): text a person typed, so beside the log as the accounts
 * are; the read model's `matches.location_id` names the row.
 */
export const API_MATCH_LOCATIONS_TABLE = 'courtside.match_locations';

/** Each account's mail language and switches (DESIGN.md §6): the api's, read for a mail the projector's side sends. */
export const API_NOTIFICATION_PREFERENCES_TABLE = 'courtside.notification_preferences';

/** The partner requests' addresses (DESIGN.md §9): the api's, beside the log, as the accounts are. */
export const API_INVITATIONS_TABLE = 'courtside.invitations';

/** The name an erased account shows everywhere a name was (DESIGN.md §10 "Erasure"); pages show it in their language. */
export const FORMER_PLAYER = 'Former player';

/**
 * The shown name of the account row `alias`: "Former player" once erased, else its full name, else `fallback` (an
 * SQL expression). Every query that shows a name goes through this, so an erasure reaches all of them.
 */
export const accountNameSql = (alias: string, fallback: string): string =>
  `CASE WHEN ${alias}.erased_at IS NOT NULL THEN '${FORMER_PLAYER}' ELSE coalesce(${alias}.full_name, ${fallback}) END`;

/** The reasons of disputes (DESIGN.md §10): free text kept beside the log, deleted when its writer is erased. */
export const DISPUTE_REASONS_TABLE = 'courtside.dispute_reasons';

/**
 * Tournaments' names (DESIGN.md §16): typed by a manager, kept beside the log; a knockout's draw match shows its
 * tournament's name where a ladder's match shows its ladder and season.
 */
export const API_TOURNAMENT_NAMES_TABLE = 'courtside.tournament_names';
