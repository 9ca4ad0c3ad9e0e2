import { z } from 'zod';
import { notificationKinds, notificationLanguages } from '@courtside/events/notifications/notify';

/** DESIGN.md §6: one notification of the list, and of the `notification.created` push. */
export const notificationSchema = z
  .object({
    id: z
      .string()
      .regex(/^\d+$/)
      .describe(
        'Its number among the account’s notifications: newest has the highest; `after` pages to older ones',
      ),
    kind: z.enum(notificationKinds),
    title: z.string(),
    body: z.string(),
    url: z.string().describe('Where to act, an address of the app (`/webapps/…`)'),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' });

export const unreadSchema = z
  .object({ unread: z.number().int().min(0).describe('Unread notifications left') })
  .meta({ id: 'Unread' });

/** DESIGN.md §6: the mail language and, per kind, whether it is mailed. */
export const preferencesAnswerSchema = z
  .object({
    language: z.enum(notificationLanguages),
    mail: z.object(Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()]))).strict(),
  })
  .meta({ id: 'Preferences' });
