/** English texts of the empty home page (the ladders list with no ladder yet): how a club starts, how a player finds theirs. */
const homeEn = {
  home: {
    startClub: 'Start a club',
    startClubText: 'Running a club? Start it here and open its first ladder in a few minutes.',
    findClub:
      'Playing at a club? Ask its manager for an invitation: its link takes you straight to your club’s ladder.',
    signInToFind: 'Sign in to find your club',
  },
};

export default homeEn;
export type HomeTranslation = typeof homeEn;
