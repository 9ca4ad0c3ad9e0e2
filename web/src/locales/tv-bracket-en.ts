/** English texts of the club TV's knockout bracket (DESIGN.md §16): its lazy chunk carries them. */
const tvBracketEn = {
  tv: {
    bracket: {
      final: 'Final',
      semiFinal: 'Semi-finals',
      quarterFinal: 'Quarter-finals',
      plate: 'Plate',
      part: 'Part {{index}} of {{count}}',
      toBeDecided: 'To be decided',
      winner: 'winner',
      walkover: 'walkover',
    },
  },
};

export default tvBracketEn;
export type TvBracketTranslation = typeof tvBracketEn;
