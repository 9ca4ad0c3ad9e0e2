/** English texts of the club TV (DESIGN.md §16). */
const tvEn = {
  tv: {
    title: 'Club TV',
    loading: 'Loading…',
    nothing: 'Nothing to show yet: standings, results, club nights and tournaments appear here.',
    live: 'Live now',
    standings: 'Standings',
    results: 'Latest results',
    round: 'Round {{round}}',
    court: 'Court {{court}}',
    leaderboard: 'Leaderboard',
    position: 'Place',
    player: 'Player',
    team: 'Player or team',
    played: 'Played',
    won: 'Won',
    points: 'Points',
    perGame: 'Per game',
    versus: 'against',
    view: 'View {{index}} of {{count}}',
    connection: {
      idle: 'Connecting',
      connecting: 'Connecting',
      connected: 'Live',
      reconnecting: 'Reconnecting',
    },
  },
};

export default tvEn;
export type TvTranslation = typeof tvEn;
