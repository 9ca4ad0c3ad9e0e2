// The club builder's earlier home: its names stay importable from here.
export {
  club,
  day,
  drawnBoxes,
  joinedTeam,
  managerWithSeason,
  plannedMatch,
  seasonWithTeams,
  winterSeason,
  type ClubOptions,
  type SeasonOptions,
} from './club.ts';
