/**
 * The tournaments feature's pages and the manager's section as one lazy module: each `import()` of the route table
 * costs every page's first JavaScript its bytes (the entry lists its chunks), so the three come in one chunk.
 */
export { TournamentsPage } from '../components/TournamentsPage';
export { TournamentPage } from '../components/TournamentPage';
export { default as TournamentsSection } from '../components/TournamentsSection';
