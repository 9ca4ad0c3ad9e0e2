import type { z } from 'zod';
import { eventEnvelopeSchema, type EventEnvelope } from './envelope.ts';
import { findTextIssues } from './text.ts';

/**
 * One event type: its payload schema at the current version, and how to lift older payloads to it.
 * `upcasters[n]` turns a version-n payload into version n+1; events once written are never rewritten.
 */
export interface EventDefinition<TType extends string = string, TPayload = unknown> {
  type: TType;
  schemaVersion: number;
  payload: z.ZodType<TPayload>;
  upcasters?: Record<number, (payload: unknown) => unknown>;
}

export function defineEvent<TType extends string, TPayload>(
  definition: EventDefinition<TType, TPayload>,
): EventDefinition<TType, TPayload> {
  return definition;
}

export type EventOf<D> = D extends EventDefinition<infer T, infer P> ? EventEnvelope<T, P> : never;

/** The event a decider emits for a definition (or a union of them), typed by its schema. */
export type NewEventOf<D> = D extends EventDefinition<infer T, infer P> ? NewEvent<T, P> : never;

/** The event as a fold sees it (no stream), typed by its schema. */
export type DomainEventOf<D> = D extends EventDefinition<infer T, infer P> ? { type: T; payload: P } : never;

export class EventParseError extends Error {
  constructor(
    message: string,
    readonly issues: unknown = undefined,
  ) {
    super(message);
    this.name = 'EventParseError';
  }
}

export interface NewEvent<TType extends string = string, TPayload = unknown> {
  type: TType;
  streamId: string;
  payload: TPayload;
}

interface EventMetadata {
  companyId: string;
  actorId: string;
  correlationId: string;
  occurredAt: Date;
}

export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(definition: EventDefinition): void {
    const known = this.definitions.get(definition.type);
    if (known && known !== definition) throw new Error(`event type ${definition.type} is defined twice`);
    this.definitions.set(definition.type, definition);
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  /** Builds a full envelope at the current schema version; throws when the payload breaks the schema. */
  create(event: NewEvent, metadata: EventMetadata): EventEnvelope {
    const definition = this.definitionOf(event.type);
    const parsed = definition.payload.safeParse(event.payload);
    if (!parsed.success) {
      throw new EventParseError(`invalid payload for ${event.type}`, parsed.error.issues);
    }
    // A string Postgres cannot store would stop the projector: such an event is never written.
    const textIssues = findTextIssues({ streamId: event.streamId, payload: parsed.data, ...metadata });
    if (textIssues.length > 0) {
      throw new EventParseError(`invalid text in ${event.type}`, textIssues);
    }
    return {
      id: crypto.randomUUID(),
      type: event.type,
      schemaVersion: definition.schemaVersion,
      companyId: metadata.companyId,
      streamId: event.streamId,
      actorId: metadata.actorId,
      occurredAt: metadata.occurredAt.toISOString(),
      correlationId: metadata.correlationId,
      payload: parsed.data,
    };
  }

  /** Reads a stored event: checks the envelope, upcasts old versions, then checks the payload. */
  parse(raw: unknown): EventEnvelope {
    const envelope = eventEnvelopeSchema.safeParse(raw);
    if (!envelope.success) throw new EventParseError('invalid event envelope', envelope.error.issues);
    const definition = this.definitionOf(envelope.data.type);
    if (envelope.data.schemaVersion > definition.schemaVersion) {
      throw new EventParseError(
        `${definition.type} v${envelope.data.schemaVersion} is newer than this code (v${definition.schemaVersion})`,
      );
    }
    let payload = envelope.data.payload;
    for (let version = envelope.data.schemaVersion; version < definition.schemaVersion; version++) {
      const upcast = definition.upcasters?.[version];
      if (!upcast) throw new EventParseError(`no upcaster for ${definition.type} v${version}`);
      payload = upcast(payload);
    }
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success)
      throw new EventParseError(`invalid payload for ${definition.type}`, parsed.error.issues);
    return { ...envelope.data, schemaVersion: definition.schemaVersion, payload: parsed.data };
  }

  private definitionOf(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new EventParseError(`unknown event type ${type}`);
    return definition;
  }
}
