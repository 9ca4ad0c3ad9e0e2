import type { PlayerTranslation } from './player-en';

/** Dutch texts of the player page's ratings. */
const playerNl: PlayerTranslation = {
  player: {
    ratings: 'Ratings',
    record: '{{played}} gespeeld, {{won}} gewonnen, {{lost}} verloren.',
    streakWon_one: 'Won de laatste wedstrijd.',
    streakWon_other: 'Won de laatste {{count}} wedstrijden.',
    streakLost_one: 'Verloor de laatste wedstrijd.',
    streakLost_other: 'Verloor de laatste {{count}} wedstrijden.',
    unrated: 'Nog geen gewaardeerde wedstrijden: een rating begint bij de eerste bevestigde uitslag.',
    deviation: '± {{deviation}}',
    provisional: 'Voorlopig',
    chart_one: 'Ratingverloop: van {{from}} naar {{to}} na {{count}} wedstrijd.',
    chart_other: 'Ratingverloop: van {{from}} naar {{to}} na {{count}} wedstrijden.',
    changes: 'Hoe de rating veranderde',
    changesCaption: 'Ratingwijzigingen, {{name}}, oudste eerst',
    date: 'Datum',
    rating: 'Rating',
    why: 'Waarom',
    explainedWon: '{{chance}} % kans tegen {{opponents}}. Winnen veranderde de rating met {{delta}}.',
    explainedLost: '{{chance}} % kans tegen {{opponents}}. Verliezen veranderde de rating met {{delta}}.',
    and: ' en ',
    failed: 'Het ratingverloop kon niet worden geladen. Probeer het later opnieuw.',
    headToHead: 'Onderling resultaat tegen',
    chooseOpponent: 'Kies een tegenstander',
    versus: '{{played}} gespeeld: {{won}} gewonnen, {{lost}} verloren.',
  },
};

export default playerNl;
