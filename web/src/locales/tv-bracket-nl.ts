import type { TvBracketTranslation } from './tv-bracket-en';

/** Dutch texts of the club TV's knockout bracket; tv-bracket-texts.ts adds them. */
const tvBracketNl: TvBracketTranslation = {
  tv: {
    bracket: {
      final: 'Finale',
      semiFinal: 'Halve finales',
      quarterFinal: 'Kwartfinales',
      plate: 'Plate',
      part: 'Deel {{index}} van {{count}}',
      toBeDecided: 'Nog niet bekend',
      winner: 'winnaar',
      walkover: 'walkover',
    },
  },
};

export default tvBracketNl;
