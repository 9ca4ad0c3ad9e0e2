import type pg from 'pg';
import { UNSUBSCRIBE_PATH } from '@courtside/events/api-paths';
import {
  waitingDigestDue,
  waitingDigests,
  type WaitingDigestInput,
} from '@courtside/events/notifications/waiting-digest';
import { waitingTeamsBefore } from '@courtside/projector/notify-queries';
import { queuedMailKeys, type Mailer } from '../mail/mailer.ts';
import { renderMail } from './mail-render.ts';
import { readPeople } from './notify-context.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

interface WaitingDigestOptions {
  readModels: Pick<pg.Pool, 'query'>;
  readModelSchema: string;
  /** The accounts and their preferences (courtside tables). */
  db: Pick<pg.Pool, 'query'>;
  mailer: Mailer;
  clock: () => Date;
  /** The club's time zone (IANA): the process's own (`TZ`, README), as the notifier writes deadlines in. */
  timeZone: string;
  /** The site's absolute address, once the api listens: links in the mail. */
  publicUrl: () => string;
  unsubscribeSecret: string;
}

/**
 * The waiting teams' digest (DESIGN.md §17), a job of the deadline process (the system's clock, also the dev clock
 * route's): from 18:00 of the club's day, each manager of a company with teams that still wait is mailed one list of
 * them. It writes mail only, no event: the outbox's idempotency key (manager, company, day) queues each digest once,
 * whatever restarts or however many api processes run it; the in-app notifications stay one per team (the notifier's).
 */
export async function sendWaitingDigests(options: WaitingDigestOptions): Promise<number> {
  const now = options.clock();
  const due = waitingDigestDue(now, options.timeZone);
  if (!due) return 0;
  const rows = await waitingTeamsBefore(options.readModels, options.readModelSchema, due.at);
  const companies = new Map<string, Omit<WaitingDigestInput, 'people'>>();
  for (const row of rows) {
    const company = companies.get(row.company_id) ?? {
      companyId: row.company_id,
      companyName: row.company_name,
      managers: row.manager_ids,
      teams: [],
    };
    company.teams.push({
      teamId: row.team_id,
      ladderName: row.ladder_name,
      memberIds: row.member_ids,
      registeredAt: row.registered_at.toISOString(),
    });
    companies.set(row.company_id, company);
  }
  const base = options.publicUrl().replace(/\/+$/, '');
  let queued = 0;
  for (const company of companies.values()) {
    const people = await readPeople(options.db, [
      ...new Set([...company.managers, ...company.teams.flatMap((team) => team.memberIds)]),
    ]);
    const digests = waitingDigests({ ...company, people }, due);
    // Every pass until midnight finds the day's digests: the ones queued already are not made again.
    const queuedBefore = await queuedMailKeys(
      options.db,
      digests.map((digest) => digest.idempotencyKey),
    );
    for (const digest of digests) {
      if (queuedBefore.has(digest.idempotencyKey)) continue;
      const token = signUnsubscribeToken(
        options.unsubscribeSecret,
        { accountId: digest.recipientId, kind: 'team.waiting' },
        now,
      );
      const unsubscribeUrl = `${base}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
      const mail = renderMail(digest, { actionUrl: `${base}${digest.url}`, unsubscribeUrl });
      await options.mailer.send({
        to: people[digest.recipientId]!.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        accountId: digest.recipientId,
        idempotencyKey: digest.idempotencyKey,
        unsubscribeUrl,
      });
      queued++;
    }
  }
  return queued;
}
