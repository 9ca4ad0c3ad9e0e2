/**
 * English texts of box leagues (DESIGN.md §12): the boxes on a box season's standings page, and the manager's box
 * settings, draw and close. Added with the lazy chunks that show them (boxes-texts.ts), both languages.
 */
const boxesEn = {
  boxes: {
    title: 'Box {{number}}',
    widgetTitle: 'Boxes',
    none: 'The boxes have not been drawn yet.',
    caption: 'Table of box {{number}}',
    position: '#',
    team: 'Team',
    played: 'Played',
    playedShort: 'P',
    won: 'Won',
    wonShort: 'W',
    lost: 'Lost',
    lostShort: 'L',
    sets: 'Sets',
    games: 'Games',
    points: 'Points',
    pointsShort: 'Pts',
    matches: 'Matches of box {{number}}',
    /** Between the two sides' names (each a list of links). */
    versus: 'vs',
    status: {
      planned: 'To play',
      completed: 'Played',
      retired: 'Retired',
      walkover: 'Walkover',
      cancelled: 'Cancelled',
    },
    /** DESIGN.md §19: the mark of a side that left the season after the draw. */
    left: 'Left',
    notCounted: 'waits for confirmation',
    loadFailed: 'The boxes could not be loaded.',
    /** DESIGN.md §12 close: where a side of a closed season went (in words beside an arrow, not by colour alone). */
    movement: {
      UP: 'Up to box {{box}}',
      DOWN: 'Down to box {{box}}',
      STAYS: 'Stays in box {{box}}',
    },
    /** In the season a box season was closed into: where the side came from. */
    cameFrom: {
      UP: 'Up from box {{box}}',
      DOWN: 'Down from box {{box}}',
      STAYS: 'Was in box {{box}}',
    },
    closedNote: 'This season is closed: each team shows whether it went up a box, down a box or stays.',
    /** The public page's season picker (DESIGN.md §12: past box seasons stay readable). */
    season: 'Season',
    seasonCurrent: '{{name}} (current)',
    seasonDates: '{{name}} · {{start}} – {{end}}',
    noSuchSeason: 'This ladder has no such box season.',
    /** The widget: each round (season) labelled, its tables and its matches together. */
    round: 'Round: {{name}}',
    manager: {
      pointsWin: 'Points for a win',
      pointsPlayed: 'Points for a loss played',
      promote: 'Up a box at the close',
      relegate: 'Down a box at the close',
      format: 'Play this season in boxes',
      formatHint: 'Fixed once the season has a match.',
      formatFixed: 'The season has a match already: its format can no longer change.',
      size: 'Teams per box',
      title: 'Box league actions',
      settingsTitle: 'Box league',
      intro:
        'Draw the active teams into boxes of {{size}}: every team plays every other team of its box once. A new draw replaces the boxes until a box match has a result.',
      by: 'Order',
      byPosition: 'By position',
      byRating: 'By rating',
      draw: 'Draw boxes',
      drawn_one: 'Drew {{count}} box.',
      drawn_other: 'Drew {{count}} boxes.',
      next: 'Next season',
      close: 'Close into the next season',
      drawTitle: 'Draw the boxes',
      closeTitle: 'Close the season',
      noLaterSeason: 'To close this season, first add a later season of this ladder (Add season).',
      closedInto: 'This season was closed into {{season}}.',
      redrawTitle: 'Draw the boxes again?',
      redrawText_one:
        'A new draw replaces the {{count}} box drawn now and cancels its matches. No box match has a result yet.',
      redrawText_other:
        'A new draw replaces the {{count}} boxes drawn now and cancels their matches. No box match has a result yet.',
      redrawConfirm: 'Draw again',
      closeDialogTitle: 'Close into {{season}}?',
      closeText:
        'The teams move into {{season}} box by box: the top {{promote}} of each box go up a box, the bottom {{relegate}} go down a box, the others stay. {{season}} gets them as active teams in that order. The tables of this season stay as they are.',
      closeConfirm: 'Close the season',
      cancel: 'Cancel',
      closed_one: 'The next season has {{count}} team.',
      closed_other: 'The next season has {{count}} teams, with promotion and relegation.',
      refusals: {
        HAS_RESULTS: 'A box match has a result: the boxes stay as they are.',
        TOO_FEW_SIDES: 'A box league needs at least 3 active teams.',
        NOT_BOX: 'This season does not play in boxes.',
        NO_BOXES: 'Draw the boxes first.',
        NOT_NEXT_SEASON: 'Choose a later season of this ladder.',
        HAS_MATCHES: 'That season has matches already.',
        IN_NEXT_SEASON: 'A player of this season plays in another team of that season.',
      },
    },
  },
};

export default boxesEn;
export type BoxesTranslation = typeof boxesEn;
