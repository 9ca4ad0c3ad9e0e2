import {
  createECDH,
  createPublicKey,
  hkdfSync,
  createDecipheriv,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service (RFC 8030) on 127.0.0.1, as a browser's vendor runs one: it takes a push only with a VAPID JWT
 * (RFC 8292) signed by the server's key, for its own origin and not expired, and decrypts the `aes128gcm` payload
 * (RFC 8291) with the subscription's private key and auth secret, written here from the RFC with node:crypto (not
 * with the library that encrypted it). It answers what the test asks of each subscription (201 unless told).
 */

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the push service answers a push: a status (with `Retry-After`), or no answer at all. */
export type PushAnswer = { status: number; retryAfter?: string } | 'hang';

export interface ReceivedPush {
  subscription: string;
  /** What it answered. */
  status: number | 'hang';
  headers: { ttl?: string; urgency?: string; topic?: string; contentEncoding?: string };
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** When its body had come in (`performance.now()`): the latency bench times pushes by it. */
  at: number;
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  answers: PushAnswer[];
}

export interface PushService {
  origin: string;
  /** A new browser's subscription, as `subscription.toJSON()` gives it. */
  subscribe(): PushSubscriptionJson;
  /** The next answers to this subscription's pushes, in order; after them, 201. */
  answer(endpoint: string, ...answers: PushAnswer[]): void;
  /** Every push that came in, readable or not (`rejected` names why it was not). */
  readonly received: ReceivedPush[];
  /** Pushes refused before any answer was asked: a bad JWT, a payload that does not decrypt. */
  readonly rejected: string[];
  pushesTo(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushService(options: { vapidPublicKey: string }): Promise<PushService> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const hanging = new Set<() => void>();
  let origin = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const at = performance.now();
      const id = /^\/push\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      if (request.method !== 'POST' || !id || !browser) {
        response.writeHead(404).end();
        return;
      }
      const refusal = vapidRefusal(request.headers.authorization, options.vapidPublicKey, origin);
      if (refusal) {
        rejected.push(refusal);
        response.writeHead(403).end(refusal);
        return;
      }
      let payload: unknown;
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        payload = JSON.parse(decrypt(body, browser).toString('utf8'));
      } catch (error) {
        rejected.push(`payload: ${String(error)}`);
        response.writeHead(400).end();
        return;
      }
      const answer = browser.answers.shift() ?? { status: 201 };
      received.push({
        subscription: id,
        status: answer === 'hang' ? 'hang' : answer.status,
        headers: {
          ...header(request, 'ttl', 'ttl'),
          ...header(request, 'urgency', 'urgency'),
          ...header(request, 'topic', 'topic'),
          ...header(request, 'content-encoding', 'contentEncoding'),
        },
        payload,
        at,
      });
      if (answer === 'hang') {
        // No answer: the sender has to cut it. Closed with the server.
        hanging.add(() => response.destroy());
        return;
      }
      response.writeHead(answer.status, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}).end();
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => endpoint.slice(`${origin}/push/`.length);
  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      browsers.set(id, { ecdh, publicKey, auth, answers: [] });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint, ...answers) {
      browsers.get(idOf(endpoint))!.answers.push(...answers);
    },
    received,
    rejected,
    pushesTo: (endpoint) => received.filter((push) => push.subscription === idOf(endpoint)),
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function header<K extends string>(
  request: IncomingMessage,
  name: string,
  key: K,
): Partial<Record<K, string>> {
  const value = request.headers[name];
  return typeof value === 'string' ? ({ [key]: value } as Partial<Record<K, string>>) : {};
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the key the server publishes, an ES256 signature by it, our origin, not expired. */
function vapidRefusal(authorization: string | undefined, serverKey: string, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return `no VAPID authorization: ${authorization}`;
  const [, token, key] = match;
  if (key !== serverKey) return 'k is not the server’s VAPID key';
  const [head, claims, signature] = token!.split('.');
  const raw = Buffer.from(serverKey, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  if (!signed) return 'the JWT is not signed by the VAPID key';
  const header = JSON.parse(Buffer.from(head!, 'base64url').toString()) as { alg?: string };
  if (header.alg !== 'ES256') return `alg ${header.alg}`;
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud?: string; exp?: number };
  if (payload.aud !== origin) return `aud ${payload.aud} is not ${origin}`;
  if (!payload.exp || payload.exp * 1000 <= Date.now()) return 'the JWT has expired';
  return undefined;
}

/** RFC 8291 §3.4 and RFC 8188: one `aes128gcm` record, as a browser decrypts it. */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with 0x02 and zero or more zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
