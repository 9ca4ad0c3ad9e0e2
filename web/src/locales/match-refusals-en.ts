/**
 * English texts of a match's refusals (the match rules' reasons, DESIGN.md §5: a match card's and "Create a match"'s): the lazy module that shows a refusal
 * carries them, so no page's first JavaScript does.
 */
const matchRefusalsEn = {
  matchRefusals: {
    cancelled: 'This match was cancelled.',
    beforeSeason: 'Choose a date on or after the season’s first day.',
    notPending: 'This result is not waiting for confirmation any more.',
    hasResult: 'A match with a result can only be cancelled by a manager.',
    resultFinal: 'This result is confirmed: only a manager of the club can change it.',
    advanced: 'The winner plays on in the draw already: this result stays.',
    inDraw: 'A match of a draw is not cancelled: enter a walkover instead.',
    disputed: 'This result is disputed: a manager of the club settles it.',
    notYours: 'Only the players of this match and the club’s managers can change it.',
    otherSideConfirms: 'The other side confirms or disputes this result.',
    onlyOtherSideDisputes: 'Only the other side disputes a result.',
    notFound: 'This match does not exist any more.',
    noSeason: 'This season does not exist any more.',
    teamsNotActive: 'Both teams must be active in this season.',
    sameTeam: 'Pick two different teams.',
  },
};

export default matchRefusalsEn;
export type MatchRefusalsTranslation = typeof matchRefusalsEn;
