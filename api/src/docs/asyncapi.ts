import { LIVE_PATH } from '@courtside/events/api-paths';
import { livePushes, pushMetaSchema, rooms, subscribeAckSchema, subscribeSchema } from '../live/pushes.ts';
import { SchemaCollector } from './json-schema.ts';

const messageName = (event: string) => event.replace(/\.(.)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The AsyncAPI 3 document of the live channel (socket.io at `/webapps/socket.io`): the client's `subscribe` and
 * `unsubscribe` with their acks, and every push per room, with payloads from the same zod schemas as the API.
 */
export function asyncApiDocument(server: { host: string; secure: boolean }) {
  const schemas = new SchemaCollector('draft-7');
  const meta = schemas.convert(pushMetaSchema, 'output');
  const messages: Record<string, unknown> = {
    subscribe: {
      name: 'subscribe',
      title: 'Join a room',
      summary: 'Emitted by the client with an ack callback: `socket.emit("subscribe", {room, since?}, ack)`',
      payload: schemas.convert(subscribeSchema, 'input'),
    },
    unsubscribe: {
      name: 'unsubscribe',
      title: 'Leave a room',
      summary: 'Emitted by the client with an ack callback',
      payload: schemas.convert(subscribeSchema.pick({ room: true }), 'input'),
    },
    subscribeAck: {
      name: 'ack',
      title: 'The answer to subscribe or unsubscribe',
      summary: 'The ack callback’s argument: `{ok: true, cursor?, resync?}` or `{ok: false, error}`',
      payload: schemas.convert(subscribeAckSchema, 'output'),
    },
  };
  for (const push of livePushes) {
    messages[messageName(push.event)] = {
      name: push.event,
      title: push.event,
      summary: push.summary,
      payload: schemas.convert(push.payload, 'output'),
      headers: meta,
      description:
        'socket.io event with two arguments: the payload, then `{cursor, room?, rooms?}` (shown as headers).',
    };
  }

  const channels: Record<string, unknown> = {
    rooms: {
      address: '/',
      title: 'The socket.io connection',
      description: 'What the client emits to join or leave rooms; the ack answers each.',
      messages: {
        subscribe: { $ref: '#/components/messages/subscribe' },
        unsubscribe: { $ref: '#/components/messages/unsubscribe' },
        subscribeAck: { $ref: '#/components/messages/subscribeAck' },
      },
    },
  };
  const operations: Record<string, unknown> = {
    subscribe: {
      action: 'send',
      channel: { $ref: '#/channels/rooms' },
      title: 'Subscribe to a room',
      messages: [{ $ref: '#/channels/rooms/messages/subscribe' }],
      reply: {
        channel: { $ref: '#/channels/rooms' },
        messages: [{ $ref: '#/channels/rooms/messages/subscribeAck' }],
      },
    },
    unsubscribe: {
      action: 'send',
      channel: { $ref: '#/channels/rooms' },
      title: 'Unsubscribe from a room',
      messages: [{ $ref: '#/channels/rooms/messages/unsubscribe' }],
      reply: {
        channel: { $ref: '#/channels/rooms' },
        messages: [{ $ref: '#/channels/rooms/messages/subscribeAck' }],
      },
    },
  };
  for (const [kind, room] of Object.entries(rooms)) {
    const pushes = livePushes.filter((push) => push.rooms.includes(kind as keyof typeof rooms));
    const channel = `${kind}Room`;
    channels[channel] = {
      address: `${kind}:{id}`,
      title: `${kind}:{id}`,
      description: `${room.description}. Who may join: ${room.who}.`,
      parameters: { id: { description: `The ${kind}'s id` } },
      messages: Object.fromEntries(
        pushes.map((push) => [
          messageName(push.event),
          { $ref: `#/components/messages/${messageName(push.event)}` },
        ]),
      ),
    };
    if (pushes.length > 0) {
      operations[`receive${kind.charAt(0).toUpperCase()}${kind.slice(1)}Room`] = {
        action: 'receive',
        channel: { $ref: `#/channels/${channel}` },
        title: `Pushes to ${kind}:{id}`,
        messages: pushes.map((push) => ({
          $ref: `#/channels/${channel}/messages/${messageName(push.event)}`,
        })),
      };
    }
  }

  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Courtside live channel',
      version: '1',
      description: [
        'Live pushes over socket.io (path `' +
          LIVE_PATH +
          '`). Connect, emit `subscribe` with `{room}` and an ack',
        'callback, and listen for the events of that room. The handshake is authenticated by the session cookie (or',
        'a `SESSION-ID` header) when there is one; match, season, ladder and tournament rooms are open to anyone. A',
        'handshake whose `Origin` is another site (not PUBLIC_URL) is nobody’s: it may follow those public rooms only.',
        'A client that reconnects resubscribes with `since` (the last `cursor` it saw) and gets what it missed.',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      courtside: {
        host: server.host,
        protocol: server.secure ? 'wss' : 'ws',
        pathname: LIVE_PATH,
        description: 'socket.io (Engine.IO 4) over WebSocket or long-polling',
        bindings: { ws: { bindingVersion: '0.1.0' } },
      },
    },
    channels,
    operations,
    components: { schemas: schemas.components, messages },
  };
}
