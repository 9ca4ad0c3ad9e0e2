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

const switchesByKind = () =>
  z.object(Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()]))).strict();

/** DESIGN.md §6, §17: the mail language and, per kind, whether it is mailed and whether it reaches the phones. */
export const preferencesAnswerSchema = z
  .object({
    language: z.enum(notificationLanguages),
    mail: switchesByKind(),
    push: switchesByKind().describe('Per kind, whether the account’s phones show it (DESIGN.md §17)'),
  })
  .meta({ id: 'Preferences' });

/** DESIGN.md §17: the VAPID public key a browser subscribes with. */
export const pushKeySchema = z
  .object({
    publicKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .describe('base64url, an uncompressed P-256 key'),
  })
  .meta({ id: 'PushKey' });

export const pushSubscribedSchema = z
  .object({ subscriptionId: z.uuid().describe('The id `DELETE push/subscriptions/{subscriptionId}` takes') })
  .meta({ id: 'PushSubscribed' });
