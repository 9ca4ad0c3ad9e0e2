import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { createLiveClient, deferredSocket, parseAck, subscribePayload, type LiveSocket } from './live';
import { liveConnectionAtom } from '../stores/live';

type Emitted = { event: string; payload: unknown; ack?: (answer: unknown) => void };

/** A stand-in for the socket.io client socket; the test plays the server. */
class FakeSocket implements LiveSocket {
  connected = false;
  active = false;
  emitted: Emitted[] = [];
  private listeners = new Map<string, ((...args: unknown[]) => void)[]>();

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload?: unknown, ack?: unknown) {
    this.emitted.push({
      event,
      payload,
      ack: typeof ack === 'function' ? (ack as Emitted['ack']) : undefined,
    });
    return this;
  }
  connect() {
    this.active = true;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
  // --- server side ---
  fire(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) l(...args);
  }
  serverConnects() {
    this.connected = true;
    this.fire('connect');
  }
  connectionDrops() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  subscribes() {
    return this.emitted.filter((e) => e.event === 'subscribe');
  }
}

function setup() {
  const socket = new FakeSocket();
  const store = createStore();
  const client = createLiveClient({ createSocket: () => socket, store });
  return { socket, store, client };
}

describe('parseAck / subscribePayload', () => {
  it('given the ack shapes of the contract, when parsed, then they are recognised', () => {
    expect(parseAck({ ok: true })).toEqual({ ok: true });
    expect(parseAck({ ok: true, resync: true })).toEqual({ ok: true, resync: true });
    expect(parseAck({ ok: false, error: 'Forbidden' })).toEqual({ ok: false, error: 'Forbidden' });
    expect(parseAck({ ok: false, error: 'Busy', retry: true })).toEqual({
      ok: false,
      error: 'Busy',
      retry: true,
    });
    expect(parseAck(undefined)).toMatchObject({ ok: false });
  });

  it('given no cursor yet, when subscribing, then `since` is left out', () => {
    expect(subscribePayload('season:1', undefined)).toEqual({ room: 'season:1' });
    expect(subscribePayload('season:1', 0)).toEqual({ room: 'season:1', since: 0 });
  });
});

describe('createLiveClient', () => {
  it('given a subscription before the connection is up, when it connects, then the room is subscribed once', () => {
    const { socket, client, store } = setup();
    client.subscribe('season:s1', {});
    expect(store.get(liveConnectionAtom)).toBe('connecting');
    expect(socket.subscribes()).toHaveLength(0);
    socket.serverConnects();
    expect(store.get(liveConnectionAtom)).toBe('connected');
    expect(socket.subscribes().map((e) => e.payload)).toEqual([{ room: 'season:s1' }]);
  });

  it('given an account room joined with the page’s language, when it is joined again in another, then the server is told the new one', () => {
    const { socket, client } = setup();
    client.subscribe('account:a1', {});
    client.subscribe('account:a1', {}, { language: 'nl' });
    socket.serverConnects();
    expect(socket.subscribes().map((e) => e.payload)).toEqual([{ room: 'account:a1', language: 'nl' }]);
    client.subscribe('account:a1', {});
    client.subscribe('account:a1', {}, { language: 'en' });
    expect(socket.subscribes().map((e) => e.payload)).toEqual([
      { room: 'account:a1', language: 'nl' },
      { room: 'account:a1', language: 'en' },
    ]);
  });

  it('given the server ends the socket (its session was signed out), then it connects again for the rooms it has', () => {
    const { socket, client, store } = setup();
    client.subscribe('season:s1', {});
    socket.serverConnects();
    socket.connected = false;
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.active).toBe(true);
    expect(store.get(liveConnectionAtom)).toBe('reconnecting');
    socket.serverConnects();
    expect(socket.subscribes().map((e) => e.payload)).toEqual([{ room: 'season:s1' }, { room: 'season:s1' }]);
  });

  it('given a refused subscription, when the ack arrives, then onError gets the error', () => {
    const { socket, client } = setup();
    const errors: string[] = [];
    client.subscribe('company:c1', { onError: (e) => errors.push(e) });
    socket.serverConnects();
    socket.subscribes()[0]?.ack?.({ ok: false, error: 'Forbidden' });
    expect(errors).toEqual(['Forbidden']);
  });

  describe('a refusal that says to ask again (the server could not look the room up then)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('given such refusals, then the room is asked for again after 1 s, 2 s, 4 s… with its cursor, and onError is not called', () => {
      vi.useFakeTimers();
      const { socket, client } = setup();
      const errors: string[] = [];
      const resyncs: number[] = [];
      client.subscribe('season:s1', { onError: (e) => errors.push(e), onResync: () => resyncs.push(1) });
      socket.serverConnects();
      socket.subscribes()[0]?.ack?.({ ok: true, cursor: 4 });
      socket.connectionDrops();
      socket.serverConnects();
      const refuse = () => socket.subscribes().at(-1)?.ack?.({ ok: false, error: 'Busy', retry: true });
      refuse();
      vi.advanceTimersByTime(999);
      expect(socket.subscribes()).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(socket.subscribes()).toHaveLength(3);
      refuse();
      vi.advanceTimersByTime(1_999);
      expect(socket.subscribes()).toHaveLength(3);
      vi.advanceTimersByTime(1);
      expect(socket.subscribes().at(-1)?.payload).toEqual({ room: 'season:s1', since: 4 });
      socket.subscribes().at(-1)?.ack?.({ ok: true, cursor: 6 });
      expect(errors).toEqual([]);
      expect(resyncs).toEqual([]);
      // Taken: the next refusal waits 1 s again.
      socket.connectionDrops();
      socket.serverConnects();
      refuse();
      vi.advanceTimersByTime(1_000);
      expect(socket.subscribes()).toHaveLength(6);
    });

    it('given a push through another room while refused, then the refused room asks again from its own cursor', () => {
      vi.useFakeTimers();
      const { socket, client } = setup();
      client.subscribe('season:s1', {});
      client.subscribe('ladder:l1', {});
      socket.serverConnects();
      socket.subscribes()[0]?.ack?.({ ok: true, cursor: 4 });
      socket.subscribes()[1]?.ack?.({ ok: true, cursor: 9 });
      socket.connectionDrops();
      socket.serverConnects();
      socket.subscribes()[2]?.ack?.({ ok: false, error: 'Busy', retry: true });
      socket.subscribes()[3]?.ack?.({ ok: true, cursor: 9 });
      // A push to both rooms comes through the ladder room: the season room (refused) may have missed others.
      socket.fire(
        'match.updated',
        { match: {} },
        { rooms: ['season:s1', 'ladder:l1'], cursors: { 'season:s1': 7, 'ladder:l1': 10 } },
      );
      expect(client.lastCursor('season:s1')).toBe(4);
      expect(client.lastCursor('ladder:l1')).toBe(10);
      vi.advanceTimersByTime(1_000);
      expect(socket.subscribes().at(-1)?.payload).toEqual({ room: 'season:s1', since: 4 });
      socket.subscribes().at(-1)?.ack?.({ ok: true, cursor: 7 });
      socket.fire('match.updated', { match: {} }, { rooms: ['season:s1'], cursors: { 'season:s1': 8 } });
      expect(client.lastCursor('season:s1')).toBe(8);
    });

    it('given a first subscription refused (no cursor to catch up from), when it is taken, then the room reloads once', () => {
      vi.useFakeTimers();
      const { socket, client } = setup();
      const resyncs: number[] = [];
      client.subscribe('season:s1', { onResync: () => resyncs.push(1) });
      socket.serverConnects();
      socket.subscribes()[0]?.ack?.({ ok: false, error: 'Busy', retry: true });
      vi.advanceTimersByTime(1_000);
      socket.subscribes()[1]?.ack?.({ ok: true, cursor: 3 });
      expect(resyncs).toEqual([1]);
    });

    it('given the room asked for again in another language while a retry waits, then one subscribe goes out, not two', () => {
      vi.useFakeTimers();
      const { socket, client } = setup();
      client.subscribe('account:a1', {}, { language: 'en' });
      socket.serverConnects();
      socket.subscribes()[0]?.ack?.({ ok: false, error: 'Busy', retry: true });
      client.subscribe('account:a1', {}, { language: 'nl' });
      vi.advanceTimersByTime(60_000);
      expect(socket.subscribes().map((e) => e.payload)).toEqual([
        { room: 'account:a1', language: 'en' },
        { room: 'account:a1', language: 'nl' },
      ]);
    });

    it('given a room left or a reconnect while a retry waits, then no second subscribe is sent for it', () => {
      vi.useFakeTimers();
      const { socket, client } = setup();
      const leave = client.subscribe('season:s1', {});
      client.subscribe('ladder:l1', {});
      socket.serverConnects();
      for (const sent of socket.subscribes()) sent.ack?.({ ok: false, error: 'Busy', retry: true });
      leave();
      socket.connectionDrops();
      socket.serverConnects();
      vi.advanceTimersByTime(60_000);
      expect(socket.subscribes().map((e) => (e.payload as { room: string }).room)).toEqual([
        'season:s1',
        'ladder:l1',
        'ladder:l1',
      ]);
    });
  });

  it('given pushes naming their room, when they arrive, then that room handler runs and its cursor is kept', () => {
    const { socket, client } = setup();
    const seen: unknown[] = [];
    client.subscribe('season:s1', {
      'season.updated': (p, m) => seen.push([p.seasonId, p.changed, m.cursor]),
    });
    client.subscribe('match:m1', { 'season.updated': () => seen.push('wrong room') });
    socket.serverConnects();
    socket.fire(
      'season.updated',
      { seasonId: 's1', changed: ['positions'] },
      { cursor: 41, room: 'season:s1' },
    );
    expect(seen).toEqual([['s1', ['positions'], 41]]);
    expect(client.lastCursor('season:s1')).toBe(41);
    expect(client.lastCursor('match:m1')).toBeUndefined();
  });

  it('given one push naming several rooms, when it arrives, then each joined room of them takes it once', () => {
    const { socket, client } = setup();
    const seen: string[] = [];
    client.subscribe('match:m1', { 'match.updated': () => seen.push('match room') });
    client.subscribe('season:s1', { 'match.updated': () => seen.push('season room') });
    client.subscribe('ladder:l9', { 'match.updated': () => seen.push('other ladder') });
    socket.serverConnects();
    socket.fire(
      'match.updated',
      { match: { id: 'm1' } },
      { cursor: 12, rooms: ['match:m1', 'season:s1', 'ladder:l1'] },
    );
    expect(seen).toEqual(['match room', 'season room']);
    expect(client.lastCursor('match:m1')).toBe(12);
    expect(client.lastCursor('season:s1')).toBe(12);
    expect(client.lastCursor('ladder:l9')).toBeUndefined();
  });

  it('given one push to several rooms with its position in each, when it arrives, then each room keeps its own', () => {
    const { socket, client } = setup();
    client.subscribe('match:m1', {});
    client.subscribe('season:s1', {});
    socket.serverConnects();
    socket.fire(
      'match.updated',
      { match: { id: 'm1' } },
      { rooms: ['match:m1', 'season:s1'], cursors: { 'match:m1': 3, 'season:s1': 57 } },
    );
    expect(client.lastCursor('match:m1')).toBe(3);
    expect(client.lastCursor('season:s1')).toBe(57);
    socket.connectionDrops();
    socket.serverConnects();
    expect(
      socket
        .subscribes()
        .slice(-2)
        .map((e) => e.payload),
    ).toEqual([
      { room: 'match:m1', since: 3 },
      { room: 'season:s1', since: 57 },
    ]);
  });

  it('given pushes without a room, when they arrive, then the cursor is kept for every joined room', () => {
    const { socket, client } = setup();
    let calls = 0;
    const handlers = { 'match.updated': () => calls++ };
    client.subscribe('match:m1', handlers);
    client.subscribe('season:s1', handlers);
    socket.serverConnects();
    socket.fire('match.updated', { match: { id: 'm1' } }, { cursor: 7 });
    expect(calls).toBe(1);
    expect(client.lastCursor('match:m1')).toBe(7);
    expect(client.lastCursor('season:s1')).toBe(7);
  });

  it('given a dropped connection, when it comes back, then every room is subscribed again with since = last cursor', () => {
    const { socket, client, store } = setup();
    client.subscribe('season:s1', {});
    client.subscribe('ladder:l1', {});
    socket.serverConnects();
    socket.fire('match.updated', { match: {} }, { cursor: 12, room: 'season:s1' });
    socket.connectionDrops();
    expect(store.get(liveConnectionAtom)).toBe('reconnecting');
    socket.emitted = [];
    socket.serverConnects();
    expect(socket.subscribes().map((e) => e.payload)).toEqual([
      { room: 'season:s1', since: 12 },
      { room: 'ladder:l1' },
    ]);
  });

  it('given a fresh subscription acked with a cursor, when reconnecting, then since is that cursor', () => {
    const { socket, client } = setup();
    client.subscribe('ladder:l1', {});
    socket.serverConnects();
    socket.subscribes()[0]?.ack?.({ ok: true, cursor: 99 });
    socket.connectionDrops();
    socket.emitted = [];
    socket.serverConnects();
    expect(socket.subscribes()[0]?.payload).toEqual({ room: 'ladder:l1', since: 99 });
  });

  it('given too much was missed, when the re-subscribe ack says resync, then onResync is called', () => {
    const { socket, client } = setup();
    let resyncs = 0;
    client.subscribe('season:s1', { onResync: () => resyncs++ });
    socket.serverConnects();
    socket.subscribes()[0]?.ack?.({ ok: true });
    expect(resyncs).toBe(0);
    socket.connectionDrops();
    socket.serverConnects();
    socket.subscribes()[1]?.ack?.({ ok: true, resync: true });
    expect(resyncs).toBe(1);
  });

  it('given a room joined while the server could not be reached, when it is subscribed at last, then onResync is called once', () => {
    const { socket, client } = setup();
    client.subscribe('ladder:l0', {});
    socket.serverConnects();
    socket.connectionDrops();
    let resyncs = 0;
    client.subscribe('season:s1', { onResync: () => resyncs++ });
    socket.emitted = [];
    socket.serverConnects();
    const joined = socket.subscribes().find((e) => (e.payload as { room: string }).room === 'season:s1');
    joined?.ack?.({ ok: true, cursor: 5 });
    expect(resyncs).toBe(1);
    socket.connectionDrops();
    socket.emitted = [];
    socket.serverConnects();
    socket.subscribes()[1]?.ack?.({ ok: true });
    expect(resyncs).toBe(1);
  });

  it('given a room joined while the first connection is being made, when it is subscribed, then no onResync', () => {
    const { socket, client } = setup();
    let resyncs = 0;
    client.subscribe('season:s1', { onResync: () => resyncs++ });
    socket.serverConnects();
    socket.subscribes()[0]?.ack?.({ ok: true, cursor: 5 });
    expect(resyncs).toBe(0);
  });

  it('given two subscribers of a room, when both leave, then unsubscribe is sent once, after the last', () => {
    const { socket, client } = setup();
    socket.serverConnects();
    const leaveA = client.subscribe('match:m1', {});
    const leaveB = client.subscribe('match:m1', {});
    expect(socket.subscribes()).toHaveLength(1);
    leaveA();
    leaveA();
    expect(socket.emitted.filter((e) => e.event === 'unsubscribe')).toHaveLength(0);
    leaveB();
    expect(socket.emitted.filter((e) => e.event === 'unsubscribe').map((e) => e.payload)).toEqual([
      { room: 'match:m1' },
    ]);
    expect(client.lastCursor('match:m1')).toBeUndefined();
  });

  it('given a room left before its ack, when the ack arrives, then nothing is called', () => {
    const { socket, client } = setup();
    socket.serverConnects();
    const errors: string[] = [];
    const leave = client.subscribe('company:c1', { onError: (e) => errors.push(e) });
    leave();
    socket.subscribes()[0]?.ack?.({ ok: false, error: 'Forbidden' });
    expect(errors).toEqual([]);
  });
});

describe('deferredSocket (socket.io loaded on first use)', () => {
  it('given socket.io still loading, when the client subscribes, then the real socket gets the listeners and connect once it arrives', async () => {
    const real = new FakeSocket();
    let arrive: (socket: LiveSocket) => void = () => {};
    let loads = 0;
    const deferred = deferredSocket(() => {
      loads += 1;
      return new Promise<LiveSocket>((resolve) => (arrive = resolve));
    });
    const store = createStore();
    const client = createLiveClient({ createSocket: () => deferred, store });
    const pushes: unknown[] = [];
    client.subscribe('season:s1', { 'season.updated': (payload) => pushes.push(payload) });

    expect(deferred.connected).toBe(false);
    expect(deferred.active).toBe(true);
    expect(store.get(liveConnectionAtom)).toBe('connecting');
    expect(real.active).toBe(false);

    arrive(real);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);
    expect(real.active).toBe(true);
    real.serverConnects();
    expect(store.get(liveConnectionAtom)).toBe('connected');
    expect(real.subscribes().map((e) => e.payload)).toEqual([{ room: 'season:s1' }]);
    real.fire('season.updated', { seasonId: 's1', changed: ['teams'] }, { cursor: 3, room: 'season:s1' });
    expect(pushes).toEqual([{ seasonId: 's1', changed: ['teams'] }]);
  });

  it('given loading failed once, when used again, then it loads again', async () => {
    const real = new FakeSocket();
    let loads = 0;
    const deferred = deferredSocket(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return real;
    });
    const original = console.error;
    console.error = () => {};
    try {
      deferred.connect();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(real.active).toBe(false);
      deferred.connect();
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      console.error = original;
    }
    expect(loads).toBe(2);
    expect(real.active).toBe(true);
  });
});
