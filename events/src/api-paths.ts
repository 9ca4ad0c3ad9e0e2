/**
 * The API's paths (spec §1–§8 and DESIGN.md), written once for the api, the web, the tests and the benchmarks.
 * The spec fixes them; a client written from the spec uses exactly these.
 */
export const ACCOUNT_API = '/webapps/api/accountmanager/api/v1';
export const ADMIN_API = '/webapps/api/admin/api/admin/v1';
export const LADDER_API = '/webapps/api/ladder/api/v1';
export const MATCHES_API = '/webapps/api/matches/api/v1';
/** DESIGN.md §16: the spec's reserved tournament group, public and signed-in routes. */
export const TOURNAMENT_API = '/webapps/api/tournament/api/v1';
/** DESIGN.md §16: the tournament group's manager routes. */
export const TOURNAMENT_ADMIN_API = '/webapps/api/tournament/api/admin/v1';
export const HEALTH_PATH = '/webapps/api/health';
export const READY_PATH = '/webapps/api/ready';
/** Development only: the mails the dev outbox holds. */
export const DEV_MAILBOX_PATH = '/webapps/api/dev/mailbox';
/** socket.io's path (DESIGN.md §2: live pushes). */
export const LIVE_PATH = '/webapps/socket.io';
/** Development only: the server's clock, moved forward for deadlines (DESIGN.md §5). */
export const DEV_CLOCK_PATH = '/webapps/api/dev/clock';
/** DESIGN.md §6: the signed-in account's notifications (`?after=&limit=`) and `…/read`. */
export const NOTIFICATIONS_PATH = `${ACCOUNT_API}/notifications`;
/** DESIGN.md §6: `{language, mail: {kind: boolean}}` of the signed-in account. */
export const PREFERENCES_PATH = `${ACCOUNT_API}/account/preferences`;
/** DESIGN.md §17: the server's VAPID public key (public), and the signed-in browser's push subscriptions. */
export const PUSH_KEY_PATH = `${ACCOUNT_API}/push/key`;
export const PUSH_SUBSCRIPTIONS_PATH = `${ACCOUNT_API}/push/subscriptions`;
/** DESIGN.md §6: the one-click unsubscribe link of a mail (`?token=`), no sign-in. */
export const UNSUBSCRIBE_PATH = `${ACCOUNT_API}/unsubscribe`;
/** The API reference: the page, and the OpenAPI and AsyncAPI documents it is made of. */
export const API_DOCS_PATH = '/webapps/api/docs';
export const OPENAPI_PATH = '/webapps/api/openapi.json';
export const ASYNCAPI_PATH = '/webapps/api/asyncapi.json';
