import { z } from 'zod';
import { request } from '../../../lib/http';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { notificationLanguages } from '@courtside/events/notifications/notify';

/**
 * The notification preferences (the preferences page only). zod's classic API, as that page's forms use: with
 * zod/mini, its `record` would sit in the `shared` chunk every public page loads first (web/vite.config.ts).
 */
export const preferencesSchema = z.object({
  language: z.enum(notificationLanguages),
  mail: z.record(z.string(), z.boolean()),
  // DESIGN.md §17: which kinds the phones show.
  push: z.record(z.string(), z.boolean()),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return request('GET', `${ACCOUNT_API}/account/preferences`, { schema: preferencesSchema, signal });
}

export function savePreferences(preferences: Preferences): Promise<Preferences> {
  return request('PUT', `${ACCOUNT_API}/account/preferences`, {
    body: preferences,
    schema: preferencesSchema,
  });
}
