import { i18n } from '../../../lib/i18n';

/**
 * The season timeline's texts, in its own namespace `timeline`: they load with the timeline (a lazy chunk), not
 * with every page's first JavaScript (docs/performance.md, "Initial JavaScript").
 */
const en = {
  title: 'Season timeline',
  only: 'Only: {{name}}',
  showAll: 'Show all events',
  teamHistory: 'History of {{name}}',
  matchHistory: 'History of this match',
  actor: 'Who',
  anyone: 'Anyone',
  kind: 'What',
  kinds: {
    all: 'Everything',
    teams: 'Teams',
    matches: 'Matches and results',
    season: 'Season',
    challenges: 'Challenges',
    live: 'Live scoring',
  },
  from: 'From',
  none: 'No event matches these filters.',
  previous: 'Previous event',
  next: 'Next event',
  step: 'Event',
  stepOf: 'Event {{step}} of {{steps}} · position {{position}}',
  following: 'following new events',
  standings: 'Standings after this event',
  matches: 'Matches after this event',
  noMatches: 'No matches yet.',
  allMatches: 'Show all {{count}} matches',
  team: 'Team',
  record: 'Won–lost',
  entered: '(new)',
  was: '(was {{position}})',
  status: {
    planned: 'planned',
    completed: 'played',
    retired: 'retired',
    walkover: 'walkover',
    cancelled: 'cancelled',
  },
  confirmation: { pending: 'waiting for confirmation', disputed: 'disputed' },
};

const nl: typeof en = {
  title: 'Tijdlijn van het seizoen',
  only: 'Alleen: {{name}}',
  showAll: 'Toon alle gebeurtenissen',
  teamHistory: 'Geschiedenis van {{name}}',
  matchHistory: 'Geschiedenis van deze wedstrijd',
  actor: 'Wie',
  anyone: 'Iedereen',
  kind: 'Wat',
  kinds: {
    all: 'Alles',
    teams: 'Teams',
    matches: 'Wedstrijden en uitslagen',
    season: 'Seizoen',
    challenges: 'Uitdagingen',
    live: 'Live scores',
  },
  from: 'Vanaf',
  none: 'Geen gebeurtenis past bij deze filters.',
  previous: 'Vorige gebeurtenis',
  next: 'Volgende gebeurtenis',
  step: 'Gebeurtenis',
  stepOf: 'Gebeurtenis {{step}} van {{steps}} · positie {{position}}',
  following: 'volgt nieuwe gebeurtenissen',
  standings: 'Stand na deze gebeurtenis',
  matches: 'Wedstrijden na deze gebeurtenis',
  noMatches: 'Nog geen wedstrijden.',
  allMatches: 'Toon alle {{count}} wedstrijden',
  team: 'Team',
  record: 'Gewonnen–verloren',
  entered: '(nieuw)',
  was: '(was {{position}})',
  status: {
    planned: 'gepland',
    completed: 'gespeeld',
    retired: 'opgegeven',
    walkover: 'walkover',
    cancelled: 'geannuleerd',
  },
  confirmation: { pending: 'wacht op bevestiging', disputed: 'betwist' },
};

const TIMELINE_NS = 'timeline';

/** Adds the texts once; the timeline calls it when its module loads. */
export function registerTimelineTexts(): void {
  for (const [locale, texts] of Object.entries({ en, nl })) {
    if (!i18n.hasResourceBundle(locale, TIMELINE_NS)) i18n.addResourceBundle(locale, TIMELINE_NS, texts);
  }
}
