/** English texts of the manager's "Create a match" panel (its Dutch ones are in matches-nl.ts). */
const matchCreateEn = {
  matches: {
    create: {
      title: 'Create a match',
      defender: 'Defender',
      challenger: 'Challenger',
      pickOne: 'Pick one',
      showTeams: 'Show the teams for {{label}}',
      save: 'Save',
      created: 'Match created',
      failed: 'The match could not be created.',
      noTeams: 'No team matches',
      notEnoughTeams: 'A match needs two active teams in this season.',
      loadFailed: 'The teams of this season could not be loaded.',
    },
  },
};

export default matchCreateEn;
export type MatchCreateTranslation = typeof matchCreateEn;
