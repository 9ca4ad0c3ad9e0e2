import { z } from 'zod';
import { request } from '../../../lib/http';
import { phoneNumberSchema } from '../../../lib/account-api';
import { ADMIN_API } from '@courtside/events/api-paths';

export const seasonTeamSchema = z.object({
  teamId: z.string(),
  position: z.number().nullable().optional().default(null),
  joinDate: z.string().nullable().optional().default(null),
  leaveDate: z.string().nullable().optional(),
  members: z.array(
    z.object({
      fullName: z.string(),
      email: z.string().nullable().optional(),
      phoneNumber: z.optional(z.nullable(phoneNumberSchema)),
    }),
  ),
});
export type SeasonTeam = z.infer<typeof seasonTeamSchema>;

type TeamList = 'waiting' | 'active' | 'left';

const teamsPath = (seasonId: string) => `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/teams`;
const listPath: Record<TeamList, string> = { waiting: '/waitingforapproval', active: '', left: '/left' };

export function getTeams(seasonId: string, list: TeamList, signal?: AbortSignal): Promise<SeasonTeam[]> {
  return request('GET', `${teamsPath(seasonId)}${listPath[list]}`, {
    schema: z.array(seasonTeamSchema),
    signal,
  });
}

/** The answers of the team commands: `late` when the server accepted it but it is not visible yet (202). */
async function command(path: string, method: 'POST' | 'DELETE', body?: unknown): Promise<void> {
  await request(method, path, { body });
}

export const acceptTeam = (seasonId: string, teamId: string) =>
  command(`${teamsPath(seasonId)}/accept`, 'POST', { teamId });
/**
 * DESIGN.md §9 "Accept all": the waiting teams shown, in one command, all or none (a `409 NOT_WAITING` when one of
 * them is no longer waiting).
 */
export const acceptAllTeams = (seasonId: string, teamIds: readonly string[]) =>
  command(`${teamsPath(seasonId)}/accept-all`, 'POST', { teamIds });
export const rejectTeam = (seasonId: string, teamId: string) =>
  command(`${teamsPath(seasonId)}/reject`, 'POST', { teamId });
export const removeTeam = (seasonId: string, teamId: string) =>
  command(`${teamsPath(seasonId)}/${encodeURIComponent(teamId)}`, 'DELETE');
export const moveTeam = (seasonId: string, teamId: string, position: number) =>
  command(`${teamsPath(seasonId)}/position/${position}`, 'POST', { teamId });
