/** English texts of the player page's ratings (player-nl.ts has the same shape; player-texts.ts adds them). */
const playerEn = {
  player: {
    ratings: 'Ratings',
    record: 'Played {{played}}, won {{won}}, lost {{lost}}.',
    streakWon_one: 'Won the last match.',
    streakWon_other: 'Won the last {{count}} matches.',
    streakLost_one: 'Lost the last match.',
    streakLost_other: 'Lost the last {{count}} matches.',
    unrated: 'No rated matches yet: a rating starts with the first confirmed result.',
    deviation: '± {{deviation}}',
    provisional: 'Provisional',
    chart_one: 'Rating history: from {{from}} to {{to}} after {{count}} match.',
    chart_other: 'Rating history: from {{from}} to {{to}} after {{count}} matches.',
    changes: 'How the rating moved',
    changesCaption: 'Rating changes, {{name}}, oldest first',
    date: 'Date',
    rating: 'Rating',
    why: 'Why',
    explainedWon: 'Chance to win {{chance}} % against {{opponents}}. Winning moved the rating {{delta}}.',
    explainedLost: 'Chance to win {{chance}} % against {{opponents}}. Losing moved the rating {{delta}}.',
    and: ' and ',
    failed: 'The rating history could not be loaded. Try again later.',
    headToHead: 'Head-to-head against',
    chooseOpponent: 'Choose an opponent',
    versus: 'Played {{played}}: won {{won}}, lost {{lost}}.',
  },
};

export default playerEn;
export type PlayerTranslation = typeof playerEn;
