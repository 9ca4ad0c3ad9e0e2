import type Router from '@koa/router';
import type pg from 'pg';
import type { EventDefinition } from '@courtside/events/event-registry';
import type { Projection } from '@courtside/projector/projection';
import type { CommandBus } from './commands/command-bus.ts';
import type { RoomAuthorizer } from './live/rooms.ts';
import type { PasswordHasher } from './accounts/passwords.ts';
import type { SessionStore } from './accounts/sessions.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Logger } from './observability/logger.ts';
import type { Mode } from './config.ts';
import type { DeadlineProcess } from './challenges/deadline-process.ts';
import type { DevClock } from './dev/dev-clock.ts';
import type { PublicAnswerCache } from './http/public-answer-cache.ts';

/** What route handlers get: commands go through the bus, queries read the read models. */
export interface AppServices {
  commands: CommandBus;
  /** Connections whose search_path is the live read-model schema. */
  readModels: pg.Pool;
  /** The application's own tables (accounts, secrets): schema `courtside`. */
  db: pg.Pool;
  clock: () => Date;
  logger: Logger;
  mailer: Mailer;
  sessions: SessionStore;
  passwords: PasswordHasher;
  /** Signs the anti-forgery tokens (DESIGN.md §3), and nothing else. */
  xsrfSecret: string;
  /** Signs the invitation links' tokens (DESIGN.md §9), and nothing else. */
  invitationSecret: string;
  /** Signs the personal calendar feed tokens (DESIGN.md §6). */
  calendarSecret: string;
  /** Where people reach Courtside, e.g. https://ladders.example.org; unset: the address of the request. */
  publicUrl?: string;
  /** The VAPID public key (base64url) browsers subscribe with (DESIGN.md §17). */
  vapidPublicKey: string;
  /** Signs the one-click unsubscribe links of notification mails (DESIGN.md §6). */
  unsubscribeSecret: string;
  /** Development-only routes (the dev outbox, the dev clock) are mounted only in `development`. */
  mode: Mode;
  /** Development only: the clock the dev clock route moves (`clock` reads it). */
  devClock?: DevClock;
  /** Public reads' answers, kept until the projector reports a change (`http/public-answer-cache.ts`). */
  publicAnswers: PublicAnswerCache;
  /** Sign-ups one network address may make in 15 minutes; unset: SIGN_UPS_PER_ADDRESS (DESIGN.md §19). */
  signUpsPerAddress?: number;
  /** The webhook sender of this process, when it runs one: a ping or a redelivery is due now (DESIGN.md §18). */
  wakeWebhookSender?: () => void;
  /** Applies deadlines (expired challenges) without a request. */
  deadlines: Pick<DeadlineProcess, 'runOnce'>;
}

/**
 * A feature as the api sees it: its routes and live rooms. Product events and read models are listed in the
 * events and projector catalogs (the projector runs without the api); a test module may bring its own here.
 */
export interface CourtsideModule {
  name: string;
  events?: readonly EventDefinition[];
  projections?: readonly Projection[];
  routes?: (router: Router, services: AppServices) => void;
  roomAuthorizers?: (services: AppServices) => readonly RoomAuthorizer[];
}
