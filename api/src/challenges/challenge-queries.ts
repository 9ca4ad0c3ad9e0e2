/**
 * The challenges' queries live in the read model that owns their table (projector/src/challenges/queries.ts).
 * This type stays named here only for api/src/teams/standings.ts, which another change is editing; import from
 * the projector module instead.
 */
export type { UnsettledResult } from '@courtside/projector/challenges/queries';
