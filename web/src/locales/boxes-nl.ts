import type { BoxesTranslation } from './boxes-en';

/** Dutch texts of box leagues (see boxes-en.ts). */
const boxesNl: BoxesTranslation = {
  boxes: {
    title: 'Poule {{number}}',
    widgetTitle: 'Poules',
    none: 'De poules zijn nog niet ingedeeld.',
    caption: 'Stand van poule {{number}}',
    position: '#',
    team: 'Team',
    played: 'Gespeeld',
    playedShort: 'G',
    won: 'Gewonnen',
    wonShort: 'W',
    lost: 'Verloren',
    lostShort: 'V',
    sets: 'Sets',
    games: 'Games',
    points: 'Punten',
    pointsShort: 'Ptn',
    matches: 'Wedstrijden van poule {{number}}',
    /** Between the two sides' names (each a list of links). */
    versus: 'tegen',
    status: {
      planned: 'Te spelen',
      completed: 'Gespeeld',
      retired: 'Opgegeven',
      walkover: 'Walk-over',
      cancelled: 'Geannuleerd',
    },
    /** DESIGN.md §19: the mark of a side that left the season after the draw. */
    left: 'Vertrokken',
    notCounted: 'wacht op bevestiging',
    loadFailed: 'De poules konden niet worden geladen.',
    manager: {
      pointsWin: 'Punten voor een winst',
      pointsPlayed: 'Punten voor een gespeeld verlies',
      promote: 'Een poule omhoog bij het afsluiten',
      relegate: 'Een poule omlaag bij het afsluiten',
      format: 'Dit seizoen in poules spelen',
      formatHint: 'Vast zodra het seizoen een wedstrijd heeft.',
      formatFixed: 'Het seizoen heeft al een wedstrijd: de speelvorm kan niet meer veranderen.',
      size: 'Teams per poule',
      title: 'Poules',
      settingsTitle: 'Poulecompetitie',
      intro:
        'Deel de actieve teams in poules van {{size}} in: elk team speelt één keer tegen elk ander team van zijn poule. Een nieuwe indeling vervangt de poules tot een poulewedstrijd een uitslag heeft.',
      by: 'Volgorde',
      byPosition: 'Op positie',
      byRating: 'Op rating',
      draw: 'Poules indelen',
      drawn_one: '{{count}} poule ingedeeld.',
      drawn_other: '{{count}} poules ingedeeld.',
      next: 'Volgend seizoen',
      close: 'Afsluiten naar het volgende seizoen',
      closed_one: 'Het volgende seizoen heeft {{count}} team.',
      closed_other: 'Het volgende seizoen heeft {{count}} teams, met promotie en degradatie.',
      refusals: {
        HAS_RESULTS: 'Een poulewedstrijd heeft een uitslag: de poules blijven zoals ze zijn.',
        TOO_FEW_SIDES: 'Een poulecompetitie heeft minstens 3 actieve teams nodig.',
        NOT_BOX: 'Dit seizoen wordt niet in poules gespeeld.',
        NO_BOXES: 'Deel eerst de poules in.',
        NOT_NEXT_SEASON: 'Kies een later seizoen van deze ladder.',
        HAS_MATCHES: 'Dat seizoen heeft al wedstrijden.',
        IN_NEXT_SEASON: 'Een speler van dit seizoen speelt in een ander team van dat seizoen.',
      },
    },
  },
};

export default boxesNl;
