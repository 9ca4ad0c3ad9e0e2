import type { BoxesTranslation } from './boxes-en';

/** Dutch texts of box leagues (see boxes-en.ts). */
const boxesNl: BoxesTranslation = {
  boxes: {
    title: 'Poule {{number}}',
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
    versus: '{{defender}} tegen {{challenger}}',
    status: {
      planned: 'Te spelen',
      completed: 'Gespeeld',
      retired: 'Opgegeven',
      walkover: 'Walk-over',
      cancelled: 'Geannuleerd',
    },
    notCounted: 'wacht op bevestiging',
    loadFailed: 'De poules konden niet worden geladen.',
    manager: {
      format: 'Dit seizoen in poules spelen',
      formatHint: 'Vast zodra het seizoen een wedstrijd heeft.',
      size: 'Teams per poule',
      saveSettings: 'Poule-instellingen opslaan',
      settingsSaved: 'Poule-instellingen opgeslagen.',
      title: 'Poules',
      intro:
        'Deel de actieve teams in poules van {{size}} in: elk team speelt één keer tegen elk ander team van zijn poule. Een nieuwe indeling vervangt de poules tot een poulewedstrijd een uitslag heeft.',
      by: 'Volgorde',
      byPosition: 'Op positie',
      byRating: 'Op rating',
      draw: 'Poules indelen',
      drawn: '{{count}} poules ingedeeld.',
      next: 'Volgend seizoen',
      chooseNext: 'Kies een seizoen',
      close: 'Afsluiten naar het volgende seizoen',
      closed: 'Het volgende seizoen heeft {{count}} teams, met promotie en degradatie.',
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
