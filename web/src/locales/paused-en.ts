/**
 * English texts of a paused team on the standings (DESIGN.md §9): the row's note and the challenge refusal. Their
 * own module, added by the standings page, so the ladders list does not carry them (its budget, docs/performance.md).
 */
const pausedEn = {
  paused: {
    until: 'Paused until {{day}}',
    refusal: 'Paused',
    reason: 'One of the two teams is paused until it is back.',
  },
};

export default pausedEn;
export type PausedTranslation = typeof pausedEn;
