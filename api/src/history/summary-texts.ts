import type { notificationLanguages } from '@courtside/events/notifications/notify';

export type SummaryLanguage = (typeof notificationLanguages)[number];

/** Month names as the web app writes them (web/src/lib/dates.ts), so the history and the audit page agree. */
const monthNames: Record<SummaryLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  nl: ['jan.', 'feb.', 'mrt.', 'apr.', 'mei', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};

/**
 * A calendar day (`YYYY-MM-DD`, the club's day) as its language writes it: "12 Aug 2026", "12 aug. 2026";
 * anything that is not a real day is left as it is.
 */
export function dayIn(language: SummaryLanguage, day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return day;
  return `${date} ${monthNames[language][month - 1]} ${year}`;
}

/** The words of a season's history (`season-history.ts`), per language of the auditor's page. */
export interface SummaryTexts {
  aTeam: string;
  aMatch: string;
  player: string;
  vs: string;
  seasonCreated(name?: string, from?: string, to?: string): string;
  seasonUpdated(name?: string, from?: string, to?: string): string;
  seasonDeleted(name?: string): string;
  rulesChanged: string;
  registered(team: string): string;
  accepted(team: string, at: string): string;
  rejected(team: string): string;
  removed(team: string, from: string): string;
  movedByManager(team: string, from: string, to: string): string;
  droppedForInactivity(team: string, from: string, to: string): string;
  /** `until` is the first day back, as `dayIn` writes it. */
  paused(team: string, until: string): string;
  resumed(team: string): string;
  matchPlanned(pairing: string): string;
  result(pairing: string, score: string, pending: boolean): string;
  resultConfirmed(pairing: string): string;
  /** DESIGN.md §13: the point that ended a live match was taken back, and its pending result with it. */
  resultWithdrawn(pairing: string): string;
  resultDisputed(pairing: string, reason: string): string;
  /** A dispute's reason whose writer deleted their account (DESIGN.md §10). */
  reasonRemoved: string;
  /** An erased account's name (DESIGN.md §10). */
  formerPlayer: string;
  matchSetFor(pairing: string, date: string): string;
  matchDateCleared(pairing: string): string;
  matchCancelled(pairing: string): string;
  /** DESIGN.md §9: the text itself is beside the log (and may be erased): the history says only that it changed. */
  matchLocationSet(pairing: string, cleared: boolean): string;
  movedAfterBeating(team: string, from: string, to: string, beaten: string, score: string): string;
  challenged(challenger: string, defender: string): string;
  liveStarted(pairing: string): string;
  pointTo(seq: number, team: string): string;
  pointTakenBack(seq: number): string;
  /** Events without a sentence of their own (challenge answers, the end of a games-only match), by type. */
  eventNames: Partial<Record<string, string>>;
}

export const summaryTexts: Record<SummaryLanguage, SummaryTexts> = {
  en: {
    aTeam: 'a team',
    aMatch: 'a match',
    player: 'Player',
    vs: 'vs',
    seasonCreated: (name, from, to) => `Season ${name} created (${from} to ${to})`,
    seasonUpdated: (name, from, to) => `Season ${name} updated (${from} to ${to})`,
    seasonDeleted: (name) => `Season ${name} deleted`,
    rulesChanged: 'Ladder rules of the season changed',
    registered: (team) => `${team} registered`,
    accepted: (team, at) => `${team} accepted at position ${at}`,
    rejected: (team) => `${team} rejected`,
    removed: (team, from) => `${team} removed from position ${from}`,
    movedByManager: (team, from, to) => `${team} moved from ${from} to ${to} by a manager`,
    droppedForInactivity: (team, from, to) => `${team} dropped from ${from} to ${to} for inactivity`,
    paused: (team, until) => `${team} paused until ${until}`,
    resumed: (team) => `${team} back from a pause`,
    matchPlanned: (pairing) => `Match ${pairing} planned`,
    result: (pairing, score, pending) =>
      `Result ${pairing}: ${score}${pending ? ', waiting for the other side to confirm' : ''}`,
    resultConfirmed: (pairing) => `Result ${pairing} confirmed`,
    resultWithdrawn: (pairing) => `Result ${pairing} taken back with its last point`,
    resultDisputed: (pairing, reason) => `Result ${pairing} disputed: ${reason}`,
    reasonRemoved: '(reason removed)',
    formerPlayer: 'Former player',
    matchSetFor: (pairing, date) => `Match ${pairing} set for ${date}`,
    matchDateCleared: (pairing) => `Match ${pairing} date cleared`,
    matchCancelled: (pairing) => `Match ${pairing} cancelled`,
    matchLocationSet: (pairing, cleared) => `Match ${pairing} location ${cleared ? 'cleared' : 'set'}`,
    movedAfterBeating: (team, from, to, beaten, score) =>
      `${team} moved from ${from} to ${to} after beating ${beaten}${score ? ` ${score}` : ''}`,
    challenged: (challenger, defender) => `${challenger} challenged ${defender}`,
    liveStarted: (pairing) => `Live scoring of ${pairing} started`,
    pointTo: (seq, team) => `Point ${seq} to ${team}`,
    pointTakenBack: (seq) => `Point ${seq} taken back`,
    eventNames: {
      // A partner request names nobody but the player who sent it (DESIGN.md §9).
      PartnerRequested: 'Partner request sent',
      PartnerRequestAccepted: 'Partner request accepted',
      PartnerRequestDeclined: 'Partner request declined',
      PartnerRequestWithdrawn: 'Partner request withdrawn',
      PartnerRequestLapsed: 'Partner request lapsed',
      // A manager's invitations name nobody: the addresses stay beside the log (DESIGN.md §9).
      PlayersInvited: 'Players invited',
      InvitationRevoked: 'Invitation revoked',
      InvitationAccepted: 'Invitation accepted',
    },
  },
  nl: {
    aTeam: 'een team',
    aMatch: 'een wedstrijd',
    player: 'Speler',
    vs: 'tegen',
    seasonCreated: (name, from, to) => `Seizoen ${name} aangemaakt (${from} tot ${to})`,
    seasonUpdated: (name, from, to) => `Seizoen ${name} gewijzigd (${from} tot ${to})`,
    seasonDeleted: (name) => `Seizoen ${name} verwijderd`,
    rulesChanged: 'Ladderregels van het seizoen gewijzigd',
    registered: (team) => `${team} aangemeld`,
    accepted: (team, at) => `${team} toegelaten op plaats ${at}`,
    rejected: (team) => `${team} afgewezen`,
    removed: (team, from) => `${team} verwijderd van plaats ${from}`,
    movedByManager: (team, from, to) => `${team} door een beheerder verplaatst van ${from} naar ${to}`,
    droppedForInactivity: (team, from, to) => `${team} wegens inactiviteit gezakt van ${from} naar ${to}`,
    paused: (team, until) => `${team} gepauzeerd tot ${until}`,
    resumed: (team) => `${team} terug van een pauze`,
    matchPlanned: (pairing) => `Wedstrijd ${pairing} gepland`,
    result: (pairing, score, pending) =>
      `Uitslag ${pairing}: ${score}${pending ? ', wacht op bevestiging van de andere kant' : ''}`,
    resultConfirmed: (pairing) => `Uitslag ${pairing} bevestigd`,
    resultWithdrawn: (pairing) => `Uitslag ${pairing} met het laatste punt teruggenomen`,
    resultDisputed: (pairing, reason) => `Uitslag ${pairing} betwist: ${reason}`,
    reasonRemoved: '(reden verwijderd)',
    formerPlayer: 'Voormalig speler',
    matchSetFor: (pairing, date) => `Wedstrijd ${pairing} gepland op ${date}`,
    matchDateCleared: (pairing) => `Datum van wedstrijd ${pairing} gewist`,
    matchCancelled: (pairing) => `Wedstrijd ${pairing} geannuleerd`,
    matchLocationSet: (pairing, cleared) =>
      `Locatie van wedstrijd ${pairing} ${cleared ? 'gewist' : 'vastgelegd'}`,
    movedAfterBeating: (team, from, to, beaten, score) =>
      `${team} van ${from} naar ${to} na winst op ${beaten}${score ? ` ${score}` : ''}`,
    challenged: (challenger, defender) => `${challenger} daagde ${defender} uit`,
    liveStarted: (pairing) => `Live scoren van ${pairing} begonnen`,
    pointTo: (seq, team) => `Punt ${seq} voor ${team}`,
    pointTakenBack: (seq) => `Punt ${seq} teruggenomen`,
    eventNames: {
      ChallengeAccepted: 'Uitdaging aangenomen',
      ChallengeDeclined: 'Uitdaging geweigerd',
      ChallengeWithdrawn: 'Uitdaging ingetrokken',
      ChallengeExpired: 'Uitdaging verlopen',
      LiveMatchEnded: 'Live wedstrijd beëindigd',
      ChallengeMatchSettled: 'Uitdaging beslist',
      ChallengeReminderDue: 'Herinnering aan uitdaging',
      PartnerRequested: 'Partnerverzoek verstuurd',
      PartnerRequestAccepted: 'Partnerverzoek geaccepteerd',
      PartnerRequestDeclined: 'Partnerverzoek geweigerd',
      PartnerRequestWithdrawn: 'Partnerverzoek ingetrokken',
      PartnerRequestLapsed: 'Partnerverzoek verlopen',
      PlayersInvited: 'Spelers uitgenodigd',
      InvitationRevoked: 'Uitnodiging ingetrokken',
      InvitationAccepted: 'Uitnodiging geaccepteerd',
    },
  },
};
