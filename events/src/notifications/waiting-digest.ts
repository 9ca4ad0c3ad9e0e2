import { dateTimeFormat } from '../intl-format.ts';
import { pagePath, webAddress } from '../page-paths.ts';
import type { NotificationLanguage, Person } from './notify.ts';

/** DESIGN.md §17: the hour of the club's day at which managers get one mail of the teams still waiting. */
export const WAITING_DIGEST_HOUR = 18;

/** The club's day whose digest is due at `now`, and the instant its 18:00 fell on; none before 18:00. */
export interface WaitingDigestDay {
  /** `yyyy-mm-dd` in the club's time zone. */
  day: string;
  at: Date;
}

/** A team still waiting when the digest is made, as the read models show it. */
export interface WaitingTeam {
  teamId: string;
  ladderName: string;
  memberIds: string[];
  /** When it registered: a team that registered after the day's 18:00 waits for the next day's digest. */
  registeredAt: string;
}

/** One company's managers and waiting teams, and the people they name. */
export interface WaitingDigestInput {
  companyId: string;
  companyName: string;
  managers: string[];
  teams: WaitingTeam[];
  people: Record<string, Person>;
}

/** One manager's digest mail of one company's day. */
export interface WaitingDigestMail {
  recipientId: string;
  language: NotificationLanguage;
  title: string;
  body: string;
  /** The club's manager page, where the teams are accepted or rejected. */
  url: string;
  /** One digest per manager, company and day, also across restarts and several api processes. */
  idempotencyKey: string;
}

/** The digest due at `now` in `timeZone` (IANA): today's, from 18:00 on. */
export function waitingDigestDue(now: Date, timeZone: string): WaitingDigestDay | undefined {
  const day = localDay(now, timeZone);
  const at = localInstant(day, WAITING_DIGEST_HOUR, timeZone);
  return now.getTime() >= at.getTime() ? { day, at } : undefined;
}

/**
 * The digest mails of one company's day (DESIGN.md §17): to each manager with a confirmed address who did not switch
 * `team.waiting` mails off, in their language, the teams that registered before the day's 18:00 and still wait. No
 * team waiting, no mail.
 */
export function waitingDigests(input: WaitingDigestInput, due: WaitingDigestDay): WaitingDigestMail[] {
  const teams = input.teams
    .filter((team) => Date.parse(team.registeredAt) < due.at.getTime())
    .toSorted(
      (a, b) => a.ladderName.localeCompare(b.ladderName) || a.registeredAt.localeCompare(b.registeredAt),
    );
  if (teams.length === 0) return [];
  const names = (team: WaitingTeam, language: NotificationLanguage) =>
    team.memberIds
      .map((id) => input.people[id]?.fullName ?? '')
      .filter(Boolean)
      .join(', ') || words[language].unnamed;
  return [...new Set(input.managers)].flatMap((recipientId): WaitingDigestMail[] => {
    const person = input.people[recipientId];
    if (!person?.verified || person.mail['team.waiting'] === false) return [];
    const language = person.language;
    const text = words[language];
    return [
      {
        recipientId,
        language,
        title: text.title(teams.length, input.companyName),
        body: [text.intro, '', ...teams.map((team) => `- ${team.ladderName}: ${names(team, language)}`)].join(
          '\n',
        ),
        url: webAddress(pagePath('manager', language, input.companyId, 'ladders')),
        idempotencyKey: `team.waiting:${input.companyId}:${recipientId}:${due.day}`,
      },
    ];
  });
}

const words: Record<
  NotificationLanguage,
  { title: (count: number, company: string) => string; intro: string; unnamed: string }
> = {
  en: {
    title: (count, company) =>
      count === 1
        ? `1 team waits for approval in ${company}`
        : `${count} teams wait for approval in ${company}`,
    intro: 'These teams still wait for a manager to accept or reject them:',
    unnamed: 'A new team',
  },
  nl: {
    title: (count, company) =>
      count === 1
        ? `1 team wacht op goedkeuring in ${company}`
        : `${count} teams wachten op goedkeuring in ${company}`,
    intro: 'Deze teams wachten nog tot een beheerder ze toelaat of afwijst:',
    unnamed: 'Een nieuw team',
  },
};

/** The calendar day of an instant in a time zone, `yyyy-mm-dd`. */
export function localDay(instant: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The instant a day's hour falls on in a time zone (the zone's offset then, summer or winter time). */
export function localInstant(day: string, hour: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hour);
  // Twice: the offset at the first guess may differ from the one at the answer across a change of summer time.
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** How far a zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)!.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}
