/** Postgres channel on which the projector announces each committed batch. */
export const PROJECTED_CHANNEL = 'courtside_projected';

export interface ProjectedNotification {
  schema: string;
  partition: number;
  /** Every event of the partition below this offset is in the read models. */
  nextOffset: number;
  /** Highest outbox id written by this batch, 0 when it pushed nothing. */
  outboxTo: number;
  /** The batch's pushes themselves, when they fit in a notification; otherwise read them from the outbox. */
  pushes?: OutboxPush[] | null;
}

export interface OutboxPush {
  id: number;
  room: string;
  /** Its position in its room (1, 2, …): the cursor clients see. The id is the platform's, never shown. */
  position: number;
  event: string;
  data: unknown;
}
