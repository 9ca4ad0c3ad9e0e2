import type { TvTranslation } from './tv-en';

/** Dutch texts of the club TV; tv-texts.ts adds them. */
const tvNl: TvTranslation = {
  tv: {
    title: 'Club-tv',
    loading: 'Laden…',
    nothing: 'Nog niets te tonen: standen, uitslagen, clubavonden en toernooien verschijnen hier.',
    live: 'Nu live',
    standings: 'Stand',
    results: 'Laatste uitslagen',
    round: 'Ronde {{round}}',
    court: 'Baan {{court}}',
    leaderboard: 'Klassement',
    position: 'Plaats',
    player: 'Speler',
    team: 'Speler of team',
    played: 'Gespeeld',
    won: 'Gewonnen',
    points: 'Punten',
    perGame: 'Per partij',
    versus: 'tegen',
    view: 'Beeld {{index}} van {{count}}',
    connection: {
      idle: 'Verbinden',
      connecting: 'Verbinden',
      connected: 'Live',
      reconnecting: 'Opnieuw verbinden',
    },
  },
};

export default tvNl;
