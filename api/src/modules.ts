import { accountRoutes } from './accounts/account-routes.ts';
import { passwordRecoveryRoutes } from './accounts/password-recovery-routes.ts';
import { emailChangeRoutes } from './accounts/email-change-routes.ts';
import { accountDataRoutes } from './accounts/account-data-routes.ts';
import { accountErasureRoutes } from './accounts/account-erasure-routes.ts';
import { auditRoutes } from './audit/audit-routes.ts';
import { historyRoutes } from './history/history-routes.ts';
import { adminLadderRoutes } from './ladders/admin-ladder-routes.ts';
import { companyRoomAuthorizer, companyRoutes } from './companies/company-routes.ts';
import { adminTeamRoutes } from './teams/admin-team-routes.ts';
import { playerLadderRoutes } from './teams/player-ladder-routes.ts';
import { partnerRoutes } from './teams/partner-routes.ts';
import { seasonInvitationRoutes } from './teams/season-invitation-routes.ts';
import { managerRoutes } from './companies/manager-routes.ts';
import { pauseRoutes } from './teams/pause-routes.ts';
import { matchRoutes } from './matches/match-routes.ts';
import { devMailboxRoutes } from './mail/dev-mailbox-routes.ts';
import { devClockRoutes } from './dev/dev-clock-routes.ts';
import { challengeRoutes } from './challenges/challenge-routes.ts';
import { accountRoomAuthorizer } from './accounts/account-room.ts';
import { calendarRoutes } from './calendar/calendar-routes.ts';
import { notificationRoutes } from './notifications/notification-routes.ts';
import { pushRoutes } from './notifications/push-routes.ts';
import { playerRoutes } from './ratings/player-routes.ts';
import { boxRoutes } from './boxes/box-routes.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';
import { tournamentRoutes } from './tournaments/tournament-routes.ts';
import type { CourtsideModule } from './module.ts';

/** The product's features, in the order their routes are mounted. Each issue adds its module here. */
export const productModules: readonly CourtsideModule[] = [
  {
    name: 'accounts',
    routes: accountRoutes,
    roomAuthorizers: () => [accountRoomAuthorizer],
  },
  { name: 'password-recovery', routes: passwordRecoveryRoutes },
  { name: 'email-change', routes: emailChangeRoutes },
  { name: 'account-data', routes: accountDataRoutes },
  { name: 'account-erasure', routes: accountErasureRoutes },
  { name: 'dev-mailbox', routes: devMailboxRoutes },
  { name: 'dev-clock', routes: devClockRoutes },
  { name: 'ladders', routes: adminLadderRoutes },
  { name: 'teams', routes: adminTeamRoutes },
  { name: 'player-ladders', routes: playerLadderRoutes },
  { name: 'partners', routes: partnerRoutes },
  { name: 'season invitations', routes: seasonInvitationRoutes },
  { name: 'managers', routes: managerRoutes },
  { name: 'pauses', routes: pauseRoutes },
  { name: 'matches', routes: matchRoutes },
  { name: 'challenges', routes: challengeRoutes },
  { name: 'calendar', routes: calendarRoutes },
  { name: 'audit', routes: auditRoutes },
  { name: 'history', routes: historyRoutes },
  { name: 'notifications', routes: notificationRoutes },
  { name: 'push', routes: pushRoutes },
  { name: 'players', routes: playerRoutes },
  { name: 'boxes', routes: boxRoutes },
  { name: 'webhooks', routes: webhookRoutes },
  { name: 'tournaments', routes: tournamentRoutes },
  {
    name: 'companies',
    routes: companyRoutes,
    roomAuthorizers: (services) => [companyRoomAuthorizer(services)],
  },
];
