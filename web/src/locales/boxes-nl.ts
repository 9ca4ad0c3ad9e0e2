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
    /** DESIGN.md §12 close: where a side of a closed season went (in words beside an arrow, not by colour alone). */
    movement: {
      UP: 'Omhoog naar poule {{box}}',
      DOWN: 'Omlaag naar poule {{box}}',
      STAYS: 'Blijft in poule {{box}}',
    },
    /** In the season a box season was closed into: where the side came from. */
    cameFrom: {
      UP: 'Omhoog uit poule {{box}}',
      DOWN: 'Omlaag uit poule {{box}}',
      STAYS: 'Was in poule {{box}}',
    },
    closedNote:
      'Dit seizoen is afgesloten: bij elk team staat of het een poule omhoog ging, een poule omlaag of bleef.',
    /** The public page's season picker (DESIGN.md §12: past box seasons stay readable). */
    season: 'Seizoen',
    seasonCurrent: '{{name}} (huidig)',
    seasonDates: '{{name}} · {{start}} – {{end}}',
    noSuchSeason: 'Deze ladder heeft zo geen poule-seizoen.',
    /** The widget: each round (season) labelled, its tables and its matches together. */
    round: 'Ronde: {{name}}',
    manager: {
      pointsWin: 'Punten voor een winst',
      pointsPlayed: 'Punten voor een gespeeld verlies',
      promote: 'Een poule omhoog bij het afsluiten',
      relegate: 'Een poule omlaag bij het afsluiten',
      format: 'Dit seizoen in poules spelen',
      formatHint: 'Vast zodra het seizoen een wedstrijd heeft.',
      formatFixed: 'Het seizoen heeft al een wedstrijd: de speelvorm kan niet meer veranderen.',
      size: 'Teams per poule',
      title: 'Acties van de poulecompetitie',
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
      drawTitle: 'Poules indelen',
      closeTitle: 'Seizoen afsluiten',
      noLaterSeason:
        'Voeg eerst een later seizoen van deze ladder toe (Seizoen toevoegen) om dit seizoen af te sluiten.',
      closedInto: 'Dit seizoen is afgesloten naar {{season}}.',
      redrawTitle: 'De poules opnieuw indelen?',
      redrawText_one:
        'Een nieuwe indeling vervangt de {{count}} poule van nu en annuleert de wedstrijden ervan. Nog geen poulewedstrijd heeft een uitslag.',
      redrawText_other:
        'Een nieuwe indeling vervangt de {{count}} poules van nu en annuleert hun wedstrijden. Nog geen poulewedstrijd heeft een uitslag.',
      redrawConfirm: 'Opnieuw indelen',
      closeDialogTitle: 'Afsluiten naar {{season}}?',
      closeText:
        'De teams gaan poule voor poule naar {{season}}: de bovenste {{promote}} van elke poule gaan een poule omhoog, de onderste {{relegate}} een poule omlaag, de rest blijft. {{season}} krijgt ze in die volgorde als actieve teams. De standen van dit seizoen blijven zoals ze zijn.',
      closeConfirm: 'Seizoen afsluiten',
      cancel: 'Annuleren',
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
