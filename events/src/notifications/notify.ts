import type { ChallengeEvent } from '../challenges/events.ts';
import type { CompanyEvent } from '../companies/events.ts';
import type { LadderEvent } from '../ladders/events.ts';
import type { LiveEvent } from '../live/events.ts';
import type { MatchEvent } from '../matches/events.ts';
import { formatSet, recalculate, type SideScoreInput } from '../matches/scoring.ts';
import { dateTimeFormat } from '../intl-format.ts';
import type { MatchType } from '../ladders/model.ts';
import type { TeamEvent } from '../teams/events.ts';
import type { EventOf } from '../event-registry.ts';
import type { tournamentDrawn, tournamentRoundMade } from '../tournaments/events.ts';
import { nextMatchOf, roundsOf, type Bracket, type BracketMatch } from '../tournaments/bracket.ts';
import type { TournamentFormat } from '../tournaments/model.ts';
import { matchesPagePath, pagePath, webAddress } from '../page-paths.ts';

/** DESIGN.md §6: the kinds of notification, also the keys of `preferences.mail`. */
export const notificationKinds = [
  'team.waiting',
  'team.accepted',
  'team.rejected',
  'challenge.received',
  'challenge.accepted',
  'challenge.declined',
  'challenge.expired',
  'challenge.reminder',
  'result.toConfirm',
  'result.confirmed',
  'result.disputed',
  'match.scheduled',
  'match.cancelled',
  'tournament.drawn',
  'tournament.round',
  'tournament.result',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationLanguages = ['en', 'nl'] as const;
export type NotificationLanguage = (typeof notificationLanguages)[number];

export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/** Not an event of the log: the notifier's clock says an open challenge's answer is due within 24 hours. */
export interface ChallengeReminderDue {
  type: 'ChallengeReminderDue';
  /** `reminder:{challengeId}`: one reminder per challenge, whatever the clock does. */
  id: string;
  companyId: string;
  actorId: 'system';
  payload: {
    challengeId: string;
    seasonId: string;
    ladderId: string;
    challengerTeamId: string;
    defenderTeamId: string;
    respondBy: string;
  };
}

/** DESIGN.md §16: a club night's round, told to its players (the other tournament events tell nobody yet). */
type TournamentRoundEvent = EventOf<typeof tournamentRoundMade>;
/** DESIGN.md §16: a knockout's draw, told to the seeds whose first match waits for a round-1 winner. */
type TournamentDrawnEvent = EventOf<typeof tournamentDrawn>;
export type ProductEvent =
  | CompanyEvent
  | LadderEvent
  | TeamEvent
  | MatchEvent
  | ChallengeEvent
  | LiveEvent
  | TournamentRoundEvent
  | TournamentDrawnEvent;
export type NotifierInput = ProductEvent | ChallengeReminderDue;

/** A person who may be told something, as the notifier reads them (accounts and preferences). */
export interface Person {
  fullName: string | null;
  email: string;
  /** The address was confirmed with the mailed code: only then is it mailed. */
  verified: boolean;
  language: NotificationLanguage;
  /** Mail switched off per kind; a kind left out is on. */
  mail: Partial<Record<NotificationKind, boolean>>;
  /** DESIGN.md §17: pushes to the phones switched on or off per kind; a kind left out has its default (push.ts). */
  push?: Partial<Record<NotificationKind, boolean>>;
  /** Erased (DESIGN.md §10): told nothing, named "Former player" in others' notifications. */
  erased?: boolean;
}

/** The name an erased person shows in others' notifications (DESIGN.md §10, §19 "Erasure"). */
export const formerPlayerName: Record<NotificationLanguage, string> = {
  en: 'Former player',
  nl: 'Voormalig speler',
};

/** What the notifier reads from the read models before deciding: only what the event names. */
export interface NotifyContext {
  ladder?: { name: string; companyId: string };
  /** The company's managers (account ids). */
  managers: string[];
  /** Members (account ids, in order) of the teams the event names. */
  teams: Record<string, { members: string[] }>;
  /**
   * The two sides an event is about: of its match, or of its challenge. `byChallenge`: the match is the walkover of
   * a declined or expired challenge (those notifications tell of it already).
   */
  match?: {
    defenderId: string;
    challengerId: string;
    date: string | null;
    byChallenge?: boolean;
    /** The season's, to tell whether a recorded score has a winner (a match's, not a challenge's). */
    matchType?: MatchType;
    /** The match's score as the read models hold it (a match's, not a challenge's): results name their score. */
    score?: { defender: SideScoreInput; challenger: SideScoreInput };
  };
  people: Record<string, Person>;
  /** A ResultDisputed event's reason, kept beside the log (DESIGN.md §10); absent once its writer is erased. */
  disputeReason?: string;
  /**
   * The tournament a club night's round or a knockout's draw or draw match is of (DESIGN.md §16): its name (kept
   * beside the log), format and, for a knockout, its bracket.
   */
  tournament?: { name: string; format: TournamentFormat; bracket?: Bracket };
  /** The club's time zone (IANA), in which deadlines are written; `UTC` unless given. */
  timeZone?: string;
}

/** A notification's words in one language, and where to act (a path on the site, `/webapps/{locale}/…`). */
export interface NotificationText {
  title: string;
  body: string;
  url: string;
}

export interface Notification extends NotificationText {
  recipientId: string;
  kind: NotificationKind;
  /** The recipient's mail language, the language of title, body and url (the mail's words). */
  language: NotificationLanguage;
  /** In every language: the list and the live push show the words of the page that reads them. */
  texts: Record<NotificationLanguage, NotificationText>;
  /**
   * What it is about, when it can be settled by a later event (`settledBy`): the waiting team of `team.waiting`, the
   * match of `result.toConfirm`.
   */
  about?: string;
  /** Also mailed: a verified address that did not switch this kind off. */
  mail: boolean;
  /**
   * The people whose names the words hold: when one of them is erased, their name in this notification becomes
   * "Former player" (DESIGN.md §19 "Erasure").
   */
  named: string[];
}

type Texts = Record<NotificationLanguage, { title: string; body: string }>;

/**
 * The notifications an event settles: nothing is left to do about them, so they are marked read for everyone who has
 * them. A waiting team accepted or rejected; a result to confirm that was confirmed, disputed, withdrawn (DESIGN.md
 * §13), entered anew (a new one asks again) or whose match was cancelled.
 */
export function settledBy(event: NotifierInput): { kind: NotificationKind; about: string } | undefined {
  switch (event.type) {
    case 'TeamAccepted':
    case 'TeamRejected':
      return { kind: 'team.waiting', about: event.payload.teamId };
    case 'ResultConfirmed':
    case 'ResultDisputed':
    case 'ResultWithdrawn':
    case 'MatchResultRecorded':
    case 'MatchCancelled':
      return { kind: 'result.toConfirm', about: event.payload.matchId };
    default:
      return undefined;
  }
}

/**
 * The unsent mails an event withdraws (DESIGN.md §17): a result withdrawn by the live scorer's undo of the match
 * point (§13) leaves nothing to confirm, so its `result.toConfirm` mail not sent yet is not sent. A mail already sent
 * stays sent; the in-app notification is settled (`settledBy`).
 */
export function mailWithdrawnBy(event: NotifierInput): { kind: NotificationKind; about: string } | undefined {
  return event.type === 'ResultWithdrawn'
    ? { kind: 'result.toConfirm', about: event.payload.matchId }
    : undefined;
}

/**
 * Who is told what (DESIGN.md §6), decided from the event and what the read models say about it. Pure: the
 * same event and context always give the same notifications. A person is never told of what they did themselves.
 */
export function notify(event: NotifierInput, context: NotifyContext): Notification[] {
  const ladder = context.ladder?.name ?? '';
  const membersOf = (...teamIds: string[]) => teamIds.flatMap((id) => context.teams[id]?.members ?? []);
  const names = (teamId: string, language: NotificationLanguage) => teamName(context, teamId, language);
  const when = (iso: string, language: NotificationLanguage) =>
    formatInstant(iso, language, context.timeZone ?? 'UTC');
  const tell = (
    kind: NotificationKind,
    recipients: string[],
    url: (locale: string) => string,
    texts: Texts,
  ) =>
    [...new Set(recipients)]
      .filter((id) => id !== event.actorId)
      .flatMap((recipientId): Notification[] => {
        const person = context.people[recipientId];
        if (!person || person.erased) return [];
        const inLanguage = (language: NotificationLanguage) => ({ ...texts[language], url: url(language) });
        return [
          {
            recipientId,
            kind,
            language: person.language,
            ...inLanguage(person.language),
            texts: { en: inLanguage('en'), nl: inLanguage('nl') },
            mail: person.verified && person.mail[kind] !== false,
            named: namedIn(texts),
          },
        ];
      });
  /** Whose names the words hold (in English; a name is the same in every language). */
  const namedIn = (texts: Texts) =>
    Object.entries(context.people)
      .filter(([, person]) => !person.erased && person.fullName)
      .filter(([, person]) => `${texts.en.title} ${texts.en.body}`.includes(person.fullName!))
      .map(([id]) => id);
  const ladderPage = (ladderId: string) => (locale: string) =>
    webAddress(pagePath('ladders', locale, ladderId));
  const matchesPage = (ladderId: string) => (locale: string) =>
    webAddress(matchesPagePath(locale, { event: ladderId }));
  const matchPage = (matchId: string) => (locale: string) =>
    webAddress(matchesPagePath(locale, { match: matchId }));
  /** The manager's page of the ladder; `?season={id}&tab=matches` opens that season's Matches tab. */
  const managerPage =
    (query = '') =>
    (locale: string) =>
      `${webAddress(pagePath('manager', locale, event.companyId, 'ladders', ladder))}${query}`;
  /** "Ann – Cas 6-4 3-6 [10-8]": the sides and, as far as the read models know it, the score. */
  const resultOf = (
    match: NonNullable<NotifyContext['match']>,
    language: NotificationLanguage,
    score = match.score,
  ) => {
    const between = `${names(match.defenderId, language)} – ${names(match.challengerId, language)}`;
    const line = score && match.matchType && scoreLine(score, match.matchType, language);
    return line ? `${between} ${line}` : between;
  };

  switch (event.type) {
    case 'TeamRegistered': {
      const { ladderId, memberIds, closedFrom, placement } = event.payload;
      // A team the close of a box season made, or one an invitation placed straight into the ladder, is accepted by
      // the same command: it waits for nobody (DESIGN.md §17).
      if (closedFrom !== undefined || placement === 'ACTIVE') return [];
      const who = (language: NotificationLanguage) =>
        memberIds
          .map((id) => personName(context, id, language))
          .filter(Boolean)
          .join(', ');
      return (
        tell('team.waiting', context.managers, ladder ? managerPage() : matchesPage(ladderId), {
          en: {
            title: `A team waits for approval in ${ladder}`,
            body: `${who('en') || 'A new team'} wants to join.`,
          },
          nl: {
            title: `Een team wacht op goedkeuring in ${ladder}`,
            body: `${who('nl') || 'Een nieuw team'} wil meedoen.`,
          },
        })
          // DESIGN.md §17: one in-app notification per team; the mail is the day's digest (waiting-digest.ts).
          .map((notification) => ({ ...notification, about: event.payload.teamId, mail: false }))
      );
    }
    case 'TeamAccepted':
      return tell('team.accepted', membersOf(event.payload.teamId), ladderPage(event.payload.ladderId), {
        en: { title: `You are in ${ladder}`, body: 'Your team was accepted and has a place on the ladder.' },
        nl: { title: `Je doet mee in ${ladder}`, body: 'Je team is goedgekeurd en staat op de ladder.' },
      });
    case 'TeamRejected':
      return tell('team.rejected', membersOf(event.payload.teamId), ladderPage(event.payload.ladderId), {
        en: {
          title: `Not accepted in ${ladder}`,
          body: 'The club did not accept your team for this season.',
        },
        nl: {
          title: `Niet toegelaten in ${ladder}`,
          body: 'De club heeft je team niet toegelaten voor dit seizoen.',
        },
      });
    case 'ChallengeIssued': {
      const { challengerTeamId, defenderTeamId, ladderId, respondBy } = event.payload;
      const by = (language: NotificationLanguage) => names(challengerTeamId, language);
      return tell('challenge.received', membersOf(defenderTeamId), ladderPage(ladderId), {
        en: {
          title: `${by('en')} challenges you`,
          body: `${ladder}: accept or decline before ${when(respondBy, 'en')}.`,
        },
        nl: {
          title: `${by('nl')} daagt je uit`,
          body: `${ladder}: accepteer of weiger voor ${when(respondBy, 'nl')}.`,
        },
      });
    }
    case 'ChallengeReminderDue': {
      const { challengerTeamId, defenderTeamId, ladderId, respondBy } = event.payload;
      const by = (language: NotificationLanguage) => names(challengerTeamId, language);
      return tell('challenge.reminder', membersOf(defenderTeamId), ladderPage(ladderId), {
        en: {
          title: `Answer ${by('en')}'s challenge`,
          body: `${ladder}: your answer is due by ${when(respondBy, 'en')}.`,
        },
        nl: {
          title: `Beantwoord de uitdaging van ${by('nl')}`,
          body: `${ladder}: je antwoord moet er zijn voor ${when(respondBy, 'nl')}.`,
        },
      });
    }
    case 'ChallengeAccepted': {
      const challenge = context.match;
      if (!challenge) return [];
      const by = (language: NotificationLanguage) => names(challenge.defenderId, language);
      return tell(
        'challenge.accepted',
        membersOf(challenge.challengerId),
        matchesPage(event.payload.ladderId),
        {
          en: {
            title: `${by('en')} accepted your challenge`,
            body: `${ladder}: play the match by ${when(event.payload.playBy, 'en')}.`,
          },
          nl: {
            title: `${by('nl')} heeft je uitdaging aangenomen`,
            body: `${ladder}: speel de wedstrijd voor ${when(event.payload.playBy, 'nl')}.`,
          },
        },
      );
    }
    case 'ChallengeDeclined': {
      const challenge = context.match;
      if (!challenge) return [];
      const by = (language: NotificationLanguage) => names(challenge.defenderId, language);
      const walkover = event.payload.matchId !== undefined;
      return tell(
        'challenge.declined',
        membersOf(challenge.challengerId),
        ladderPage(event.payload.ladderId),
        {
          en: {
            title: `${by('en')} declined your challenge`,
            body: walkover ? `${ladder}: you win by walkover.` : `${ladder}: the challenge is off.`,
          },
          nl: {
            title: `${by('nl')} heeft je uitdaging geweigerd`,
            body: walkover
              ? `${ladder}: je wint met een walkover.`
              : `${ladder}: de uitdaging gaat niet door.`,
          },
        },
      );
    }
    case 'ChallengeExpired': {
      const challenge = context.match;
      if (!challenge) return [];
      const walkover = event.payload.matchId !== undefined;
      const url = ladderPage(event.payload.ladderId);
      return [
        ...tell('challenge.expired', membersOf(challenge.challengerId), url, {
          en: {
            title: 'Your challenge was not answered in time',
            body: walkover ? `${ladder}: you win by walkover.` : `${ladder}: the challenge is off.`,
          },
          nl: {
            title: 'Je uitdaging is niet op tijd beantwoord',
            body: walkover
              ? `${ladder}: je wint met een walkover.`
              : `${ladder}: de uitdaging gaat niet door.`,
          },
        }),
        ...tell('challenge.expired', membersOf(challenge.defenderId), url, {
          en: {
            title: 'You did not answer a challenge in time',
            body: walkover ? `${ladder}: it counts as a walkover loss.` : `${ladder}: the challenge is off.`,
          },
          nl: {
            title: 'Je hebt een uitdaging niet op tijd beantwoord',
            body: walkover
              ? `${ladder}: het telt als verlies met een walkover.`
              : `${ladder}: de uitdaging gaat niet door.`,
          },
        }),
      ];
    }
    case 'MatchResultRecorded': {
      const match = context.match;
      if (!match) return [];
      const { pending, matchId, defender, challenger } = event.payload;
      // The score just recorded, not what the read models hold by the time the notifier reads them.
      const result = (language: NotificationLanguage) => resultOf(match, language, { defender, challenger });
      if (pending) {
        const other = pending.side === 'defender' ? match.challengerId : match.defenderId;
        const by = (language: NotificationLanguage) =>
          names(pending.side === 'defender' ? match.defenderId : match.challengerId, language);
        return tell('result.toConfirm', membersOf(other), matchPage(matchId), {
          en: {
            title: `Confirm the result against ${by('en')}`,
            body: `${ladder}: ${result('en')}. Confirm or dispute it before ${when(pending.dueAt, 'en')}.`,
          },
          nl: {
            title: `Bevestig de uitslag tegen ${by('nl')}`,
            body: `${ladder}: ${result('nl')}. Bevestig of betwist hem voor ${when(pending.dueAt, 'nl')}.`,
          },
        }).map((notification) => ({ ...notification, about: matchId }));
      }
      // The walkover of a declined or expired challenge: those notifications say it already.
      if (match.byChallenge) return [];
      // A score without a winner yet (a set so far, games only being corrected) is not a final result.
      if (!match.matchType || recalculate(defender, challenger, match.matchType).winner === null) return [];
      // Neither side's nor the clock's: a manager set it (DESIGN.md §5: a manager's change tells both sides).
      const byManager =
        event.actorId !== 'system' &&
        !membersOf(match.defenderId, match.challengerId).includes(event.actorId);
      return resultConfirmed(match, matchId, result, byManager);
    }
    case 'ResultConfirmed': {
      const match = context.match;
      if (!match) return [];
      return resultConfirmed(match, event.payload.matchId, (language) => resultOf(match, language), false);
    }
    case 'ResultDisputed': {
      const match = context.match;
      if (!match) return [];
      const { matchId, seasonId, disputedBy } = event.payload;
      const reason = event.payload.reason ?? context.disputeReason;
      const result = (language: NotificationLanguage) =>
        reason === undefined ? resultOf(match, language) : `${resultOf(match, language)}: “${reason}”`;
      // The side that entered the result is the one the disputing player does not play in.
      const [disputing, entering] = membersOf(match.defenderId).includes(disputedBy)
        ? [match.defenderId, match.challengerId]
        : [match.challengerId, match.defenderId];
      return [
        ...tell('result.disputed', context.managers, managerPage(`?season=${seasonId}&tab=matches`), {
          en: { title: `A result is disputed in ${ladder}`, body: result('en') },
          nl: { title: `Een uitslag wordt betwist in ${ladder}`, body: result('nl') },
        }),
        ...tell('result.disputed', membersOf(entering), matchPage(matchId), {
          en: {
            title: `${names(disputing, 'en')} disputes your result`,
            body: `${ladder}: ${result('en')}. A manager of the club settles it.`,
          },
          nl: {
            title: `${names(disputing, 'nl')} betwist je uitslag`,
            body: `${ladder}: ${result('nl')}. Een beheerder van de club beslist.`,
          },
        }),
      ];
    }
    case 'MatchRescheduled': {
      const match = context.match;
      const { date, ladderId } = event.payload;
      if (!match || date === null) return [];
      return tell('match.scheduled', membersOf(match.defenderId, match.challengerId), matchesPage(ladderId), {
        en: {
          title: `Match on ${formatLocal(date, 'en')}`,
          body: `${ladder}: ${names(match.defenderId, 'en')} – ${names(match.challengerId, 'en')}.`,
        },
        nl: {
          title: `Wedstrijd op ${formatLocal(date, 'nl')}`,
          body: `${ladder}: ${names(match.defenderId, 'nl')} – ${names(match.challengerId, 'nl')}.`,
        },
      });
    }
    case 'MatchCancelled': {
      const match = context.match;
      if (!match) return [];
      return tell(
        'match.cancelled',
        membersOf(match.defenderId, match.challengerId),
        matchesPage(event.payload.ladderId),
        {
          en: {
            title: 'A match was cancelled',
            body: `${ladder}: ${names(match.defenderId, 'en')} – ${names(match.challengerId, 'en')}.`,
          },
          nl: {
            title: 'Een wedstrijd is afgelast',
            body: `${ladder}: ${names(match.defenderId, 'nl')} – ${names(match.challengerId, 'nl')}.`,
          },
        },
      );
    }
    // Stryker disable StringLiteral: equivalent, an event type left out of this list reaches the default, which tells nobody too
    case 'CompanyCreated':
    case 'LadderCreated':
    case 'LadderUpdated':
    case 'LadderDeleted':
    case 'SeasonCreated':
    case 'SeasonUpdated':
    case 'SeasonDeleted':
    case 'SeasonRulesChanged':
    case 'SeasonFormatChanged':
    case 'TeamRemoved':
    case 'TeamPositionChanged':
    case 'TeamDroppedForInactivity':
    case 'PartnerRequested':
    case 'PartnerRequestAccepted':
    case 'PartnerRequestDeclined':
    case 'PartnerRequestWithdrawn':
    case 'ManagerInvited':
    case 'ManagerAdded':
    case 'ManagerRemoved':
    case 'PlayersInvited':
    case 'InvitationRevoked':
    case 'InvitationAccepted':
    case 'PartnerRequestLapsed':
    case 'TeamPaused':
    case 'TeamResumed':
    case 'ChallengerLeapfrogged':
    case 'ChallengerSwapped':
    case 'ChallengeWithdrawn':
    case 'LiveScoringStarted':
    case 'PointScored':
    case 'PointUndone':
    case 'LiveMatchEnded':
    case 'MatchLocationSet':
    case 'ResultWithdrawn':
      // Stryker restore StringLiteral
      // A withdrawn result (DESIGN.md §13): the match page shows nothing to confirm; the point that ends the match
      // again asks anew.
      // Partner requests: the partner gets the invitation mail (api/src/teams/partner-invitations.ts); managers
      // hear of the team only when its TeamRegistered follows the partner's yes (DESIGN.md §9).
      return [];
    case 'TournamentRoundMade':
      return clubNightRound(event.payload);
    case 'MatchCreated':
      return event.payload.tournamentId
        ? drawMatchMade(event.payload.matchId, event.payload.tournamentId)
        : [];
    case 'TournamentDrawn':
      return knockoutByes(event.payload);
    default: {
      // An event type this code does not know (a newer version wrote it): nobody is told.
      const unknown: never = event;
      void unknown;
      return [];
    }
  }

  /**
   * DESIGN.md §16: round 1 tells each player their court, partner and opponents (`tournament.drawn`; an Americano
   * makes all its rounds at the draw, and its players read the later ones on the page), a Mexicano's next round the
   * same (`tournament.round`). A player who sits out is told so.
   */
  function clubNightRound({ tournamentId, round, games, sittingOut }: TournamentRoundEvent['payload']) {
    const tournament = context.tournament;
    if (!tournament) return [];
    const kind: NotificationKind | undefined =
      round === 1 ? 'tournament.drawn' : tournament.format === 'MEXICANO' ? 'tournament.round' : undefined;
    if (!kind) return [];
    const url = (locale: string) => webAddress(pagePath('tournaments', locale, tournamentId));
    const { name } = tournament;
    const who = (id: string, language: NotificationLanguage) =>
      personName(context, id, language) || (language === 'en' ? 'a player' : 'een speler');
    const playing = games.flatMap((game) =>
      [
        [game.sideA, game.sideB],
        [game.sideB, game.sideA],
      ].flatMap(([side, opponents]) =>
        side!.map((playerId, index) =>
          tell(kind, [playerId], url, {
            en: {
              title: `${name}: round ${round} on court ${game.court}`,
              body: `With ${who(side![1 - index]!, 'en')}, against ${opponents!.map((id) => who(id, 'en')).join(' and ')}.`,
            },
            nl: {
              title: `${name}: ronde ${round} op baan ${game.court}`,
              body: `Met ${who(side![1 - index]!, 'nl')}, tegen ${opponents!.map((id) => who(id, 'nl')).join(' en ')}.`,
            },
          }),
        ),
      ),
    );
    const resting = tell(kind, sittingOut, url, {
      en: { title: `${name}: you sit out round ${round}`, body: 'You play again in the next round.' },
      nl: { title: `${name}: je speelt ronde ${round} niet`, body: 'Je speelt weer in de volgende ronde.' },
    });
    return [...playing.flat(), ...resting];
  }

  /**
   * DESIGN.md §16: a knockout's draw match is made once both its sides are known. A match the draw made (both sides
   * placed by it) is each side's first (`tournament.drawn`); any other is the next match of a winner whose result
   * counted, told to both sides (`tournament.result`: the side that waited learns its opponent too).
   */
  function drawMatchMade(matchId: string, tournamentId: string): Notification[] {
    const { tournament, match } = context;
    const placed = tournament?.bracket && drawMatchOf(tournament.bracket, matchId);
    if (!tournament || !placed || !match) return [];
    const { name } = tournament;
    const first = placed.match.sideA !== undefined && placed.match.sideB !== undefined;
    const kind: NotificationKind = first ? 'tournament.drawn' : 'tournament.result';
    const url = (locale: string) => webAddress(pagePath('tournaments', locale, tournamentId));
    return [
      [match.defenderId, match.challengerId],
      [match.challengerId, match.defenderId],
    ].flatMap(([side, other]) =>
      tell(kind, membersOf(side!), url, {
        en: {
          title: `${name}: ${first ? 'your first match' : 'your next match'}`,
          body: `${roundName(placed, 'en')}: against ${names(other!, 'en')}.`,
        },
        nl: {
          title: `${name}: ${first ? 'je eerste wedstrijd' : 'je volgende wedstrijd'}`,
          body: `${roundName(placed, 'nl')}: tegen ${names(other!, 'nl')}.`,
        },
      }),
    );
  }

  /**
   * DESIGN.md §16 `tournament.drawn` for a knockout: a seed the draw placed in a later match (a bye), whose opponent
   * is the winner of a match the draw made, is told whom it may meet (no match is made for it yet); every side whose
   * first match the draw makes is told by that match's MatchCreated.
   */
  function knockoutByes({ tournamentId, bracket }: TournamentDrawnEvent['payload']): Notification[] {
    const tournament = context.tournament;
    if (!tournament || !bracket) return [];
    const url = (locale: string) => webAddress(pagePath('tournaments', locale, tournamentId));
    return bracket.matches.flatMap((feeder) => {
      const next = nextMatchOf(bracket, feeder.matchId);
      const waiting = next && bracket.matches.find((m) => m.matchId === next.matchId)!;
      // The seed stands on the other side of the match this one's winner goes to.
      const seed = next && (next.side === 'a' ? waiting!.sideB : waiting!.sideA);
      // Stryker disable next-line ConditionalExpression: equivalent, without a seed there are no members to tell
      if (!seed) return [];
      const pair = (language: NotificationLanguage) =>
        `${names(feeder.sideA!, language)} – ${names(feeder.sideB!, language)}`;
      return tell('tournament.drawn', membersOf(seed), url, {
        en: {
          title: `${tournament.name}: a bye in round 1`,
          body: `You play round 2 against the winner of ${pair('en')}.`,
        },
        nl: {
          title: `${tournament.name}: een bye in ronde 1`,
          body: `Je speelt ronde 2 tegen de winnaar van ${pair('nl')}.`,
        },
      });
    });
  }

  function resultConfirmed(
    match: NonNullable<NotifyContext['match']>,
    matchId: string,
    result: (language: NotificationLanguage) => string,
    byManager: boolean,
  ): Notification[] {
    return tell('result.confirmed', membersOf(match.defenderId, match.challengerId), matchPage(matchId), {
      en: {
        title: byManager ? 'A manager set the result' : 'A result is final',
        body: `${ladder}: ${result('en')}.`,
      },
      nl: {
        title: byManager ? 'Een beheerder heeft de uitslag vastgesteld' : 'Een uitslag is definitief',
        body: `${ladder}: ${result('nl')}.`,
      },
    });
  }
}

/** Whether an open challenge's answer falls due within a day at `now`, and it was not issued that close to it. */
export function reminderDue(challenge: { issuedAt: string; respondBy: string }, now: Date): boolean {
  const respondBy = Date.parse(challenge.respondBy);
  const remindAt = respondBy - REMINDER_BEFORE_MS;
  return Date.parse(challenge.issuedAt) < remindAt && now.getTime() >= remindAt && now.getTime() < respondBy;
}

const gaveUp: Record<NotificationLanguage, Record<'retired' | 'walkover', string>> = {
  en: { retired: 'retired', walkover: 'walkover' },
  nl: { retired: 'opgegeven', walkover: 'walkover' },
};

/** A score as people read it, the defender's games first: `6-4 3-6 [10-8]`, `6-2 1-0 (retired)`. */
function scoreLine(
  score: { defender: SideScoreInput; challenger: SideScoreInput },
  matchType: MatchType,
  language: NotificationLanguage,
): string {
  const scored = recalculate(score.defender, score.challenger, matchType);
  const sets = scored.defender.matchSets
    .map((set, index) => [set, scored.challenger.matchSets[index]!] as const)
    .filter(([d, c]) => d.score !== null || c.score !== null)
    .map(([d, c]) => formatSet(d, c));
  const special = scored.status === 'retired' || scored.status === 'walkover' ? scored.status : undefined;
  return [...sets, ...(special ? [`(${gaveUp[language][special]})`] : [])].join(' ');
}

function teamName(context: NotifyContext, teamId: string, language: NotificationLanguage): string {
  const members = context.teams[teamId]?.members ?? [];
  const names = members.map((id) => personName(context, id, language)).filter(Boolean);
  return names.length > 0 ? names.join(', ') : '—';
}

/** A person's name as others' notifications show it: "Former player" once erased, '' when unknown or unnamed. */
function personName(context: NotifyContext, accountId: string, language: NotificationLanguage): string {
  const person = context.people[accountId];
  if (person?.erased) return formerPlayerName[language];
  return person?.fullName ?? '';
}

/** A day and time in the reader's language: `Thu, 3 Dec 2026, 06:46`, with the zone's name when asked. */
function formatter(language: NotificationLanguage, timeZone: string, withZone: boolean): Intl.DateTimeFormat {
  return dateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    ...(withZone ? { timeZoneName: 'short' } : {}),
  });
}

/**
 * A deadline (an instant) as people read it, in the club's time zone and named with it:
 * `Thu, 3 Dec 2026, 06:46 CET` / `do 3 dec 2026, 06:46 CET`.
 */
function formatInstant(iso: string, language: NotificationLanguage, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(language, timeZone, true).format(date);
}

/** A match date is local time without a zone (spec §9): `2026-03-20T18:30` → `Fri, 20 Mar 2026, 18:30`. */
export function formatLocal(date: string, language: NotificationLanguage): string {
  const asUtc = new Date(`${date}Z`);
  if (Number.isNaN(asUtc.getTime())) return date.replace('T', ' ');
  return formatter(language, 'UTC', false).format(asUtc);
}

/** A draw match in its bracket: the main draw's or the plate's, and how many rounds that draw has. */
interface PlacedMatch {
  match: BracketMatch;
  plate: boolean;
  rounds: number;
}

function drawMatchOf(bracket: Bracket, matchId: string): PlacedMatch | undefined {
  const main = bracket.matches.find((m) => m.matchId === matchId);
  if (main) return { match: main, plate: false, rounds: roundsOf(bracket.slots) };
  const plate = bracket.plate?.matches.find((m) => m.matchId === matchId);
  return plate && { match: plate, plate: true, rounds: roundsOf(bracket.plate!.slots) };
}

/** "Round 2", "The final", "Plate round 1", "The plate final" (and in Dutch). */
function roundName({ match, plate, rounds }: PlacedMatch, language: NotificationLanguage): string {
  const final = match.round === rounds;
  if (language === 'nl')
    return final
      ? plate
        ? 'De finale van de plate'
        : 'De finale'
      : `${plate ? 'Plate ronde' : 'Ronde'} ${match.round}`;
  return final
    ? plate
      ? 'The plate final'
      : 'The final'
    : `${plate ? 'Plate round' : 'Round'} ${match.round}`;
}
