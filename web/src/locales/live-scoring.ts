import type { Translations } from '../lib/translations';

/**
 * Texts of the scorer and the live match page (DESIGN.md §7), in both languages. They load with those pages
 * (`addLiveScoringTexts`), not with every page: the initial JavaScript of the public pages stays in its budget.
 */
const en = {
  scorer: {
    title: 'Score live',
    back: 'Match',
    startTitle: 'Start live scoring',
    startIntro: 'Count every point from the court; everyone following the match sees it at once.',
    firstServer: 'Who serves first?',
    noAd: 'No-ad: the point at deuce wins the game (golden point)',
    finalSet: 'Deciding set',
    finalSetSET: 'A full set',
    finalSetSUPER_TIEBREAK: 'Super tiebreak to 10',
    start: 'Start scoring',
    pointFor: 'Point for {{name}}',
    undo: 'Undo',
    end: 'End match',
    endQuestion: 'End the match with the games as they stand?',
    endKeep: 'Keep scoring',
    sending: 'Sending…',
    offline: 'No connection: your taps are kept and sent when it is back.',
    conflict: 'Another scorer counted a point meanwhile: the score is theirs now.',
    failed: 'The score could not be sent: {{error}}',
    over: 'Match over',
    notScorable: 'This match cannot be scored live: it has a result or was cancelled.',
    notAllowed: 'Only the players of this match and the club’s managers can score it.',
    loadFailed: 'The match could not be loaded.',
    follow: 'Live match page',
  },
  board: {
    serving: 'serves',
    set: 'Set {{set}}',
    game: 'Game',
    tiebreak: 'Tiebreak',
    superTiebreak: 'Super tiebreak',
    winner: '{{name}} wins',
    live: 'Live',
    finished: 'Finished',
  },
  page: {
    title: 'Live',
    timeline: 'Point by point',
    momentum: 'Momentum',
    momentumHint: 'Points won by {{defender}} minus points won by {{challenger}}, point by point.',
    stats: 'Statistics',
    pointsWon: 'Points won',
    servicePointsWon: 'Won on serve',
    breakPointsWon: 'Break points won',
    breakPointsFaced: 'Break points faced',
    longestRun: 'Longest run',
    noPoints: 'No points yet.',
    gameNumber: 'Game {{game}}',
    broken: 'break',
    breakPoint: 'break point',
    setEnd: 'Set {{set}}',
    score: 'Score',
  },
};

const nl: typeof en = {
  scorer: {
    title: 'Live tellen',
    back: 'Wedstrijd',
    startTitle: 'Live tellen starten',
    startIntro: 'Tel elk punt vanaf de baan; wie de wedstrijd volgt, ziet het meteen.',
    firstServer: 'Wie serveert eerst?',
    noAd: 'Zonder voordeel: het punt bij 40–40 beslist de game (golden point)',
    finalSet: 'Beslissende set',
    finalSetSET: 'Een hele set',
    finalSetSUPER_TIEBREAK: 'Supertiebreak tot 10',
    start: 'Beginnen met tellen',
    pointFor: 'Punt voor {{name}}',
    undo: 'Ongedaan maken',
    end: 'Wedstrijd beëindigen',
    endQuestion: 'De wedstrijd beëindigen met de games zoals ze nu staan?',
    endKeep: 'Verder tellen',
    sending: 'Versturen…',
    offline: 'Geen verbinding: je tikken blijven bewaard en gaan mee zodra die terug is.',
    conflict: 'Iemand anders telde intussen een punt: zijn stand geldt nu.',
    failed: 'De stand kon niet worden verstuurd: {{error}}',
    over: 'Wedstrijd voorbij',
    notScorable: 'Deze wedstrijd kan niet live worden geteld: er is een uitslag of hij is geannuleerd.',
    notAllowed: 'Alleen de spelers van deze wedstrijd en de beheerders van de club kunnen hem tellen.',
    loadFailed: 'De wedstrijd kon niet worden geladen.',
    follow: 'Livepagina van de wedstrijd',
  },
  board: {
    serving: 'serveert',
    set: 'Set {{set}}',
    game: 'Game',
    tiebreak: 'Tiebreak',
    superTiebreak: 'Supertiebreak',
    winner: '{{name}} wint',
    live: 'Live',
    finished: 'Afgelopen',
  },
  page: {
    title: 'Live',
    timeline: 'Punt voor punt',
    momentum: 'Momentum',
    momentumHint:
      'Punten gewonnen door {{defender}} min punten gewonnen door {{challenger}}, punt voor punt.',
    stats: 'Statistieken',
    pointsWon: 'Punten gewonnen',
    servicePointsWon: 'Gewonnen op eigen service',
    breakPointsWon: 'Breakpoints benut',
    breakPointsFaced: 'Breakpoints tegen',
    longestRun: 'Langste reeks',
    noPoints: 'Nog geen punten.',
    gameNumber: 'Game {{game}}',
    broken: 'break',
    breakPoint: 'breakpoint',
    setEnd: 'Set {{set}}',
    score: 'Stand',
  },
};

export type LiveScoringTranslation = typeof en;

/** Adds the texts to both languages (under `liveScoring`), once. */
export function addLiveScoringTexts(i18n: Translations): void {
  if (i18n.exists('liveScoring.scorer.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', { liveScoring: en }, true, false);
  i18n.addResourceBundle('nl', 'translation', { liveScoring: nl }, true, false);
}
