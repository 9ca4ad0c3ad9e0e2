import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { readEnvironment, readRole } from './config.ts';

const MAIL_URL = 'smtp://courtside:secret@127.0.0.1:2525';
const PUBLIC_URL = 'https://ladders.example.org';
const pair = webpush.generateVAPIDKeys();
const VAPID = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
/** What production needs to start. */
const PRODUCTION = { MAIL_URL, PUBLIC_URL, ...VAPID };
/** Development, with a data folder of its own (the VAPID keys are made there). */
const development = () => ({
  NODE_ENV: 'development',
  COURTSIDE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'courtside-config-')),
});

describe('readEnvironment', () => {
  it('runs in production unless development is asked for by name', () => {
    expect(readEnvironment(PRODUCTION).NODE_ENV).toBe('production');
    expect(readEnvironment(development()).NODE_ENV).toBe('development');
  });

  it('refuses to serve the api or notify in production without the VAPID keys, saying what to set (DESIGN.md §17)', () => {
    for (const role of ['all', 'api', 'notifier'] as const) {
      expect(() => readEnvironment({ MAIL_URL, PUBLIC_URL }, role)).toThrow(
        /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production/,
      );
    }
    expect(() => readEnvironment({ ...PRODUCTION, VAPID_PRIVATE_KEY: '' })).toThrow(/both VAPID_PUBLIC_KEY/);
    expect(() => readEnvironment({ ...PRODUCTION, VAPID_PUBLIC_KEY: 'abc' })).toThrow(
      /VAPID_PUBLIC_KEY: Use/,
    );
    expect(() => readEnvironment({ ...PRODUCTION, VAPID_PRIVATE_KEY: pair.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(readEnvironment(PRODUCTION).vapid).toEqual(pair);
    expect(readEnvironment({}, 'projector').vapid).toBeUndefined();
  });

  it('makes the VAPID keys on the first start in development and keeps them in the data folder', () => {
    const env = development();
    const first = readEnvironment(env).vapid!;
    const file = path.join(env.COURTSIDE_DATA_DIR, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(readEnvironment(env).vapid).toEqual(first);
    // Keys given win over the kept ones.
    expect(readEnvironment({ ...env, ...VAPID }).vapid).toEqual(pair);
  });

  it('refuses to serve the api in production without MAIL_URL, saying what to set', () => {
    for (const role of ['all', 'api'] as const) {
      expect(() => readEnvironment({}, role)).toThrow(/MAIL_URL is required in production/);
      expect(() => readEnvironment({ NODE_ENV: 'production', MAIL_URL: '' }, role)).toThrow(/MAIL_URL/);
    }
    // The projector sends no mail.
    expect(readEnvironment({}, 'projector').MAIL_URL).toBeUndefined();
  });

  it('refuses to serve the api or mail in production without PUBLIC_URL, saying what to set (DESIGN.md §19)', () => {
    for (const role of ['all', 'api', 'notifier'] as const) {
      expect(() => readEnvironment({ MAIL_URL }, role)).toThrow(/PUBLIC_URL is required in production/);
      expect(() => readEnvironment({ MAIL_URL, PUBLIC_URL: '' }, role)).toThrow(/PUBLIC_URL is required/);
    }
    // The projector builds no link; development builds its links from loopback addresses (http/public-url.ts).
    expect(readEnvironment({}, 'projector').PUBLIC_URL).toBeUndefined();
    expect(readEnvironment(development(), 'all').PUBLIC_URL).toBeUndefined();
  });

  it('runs the webhooks on their own (DESIGN.md §18), which mail managers, so production needs MAIL_URL there too', () => {
    expect(readRole(['node', 'main.ts', '--role=webhooks'])).toBe('webhooks');
    expect(readRole(['node', 'main.ts'])).toBe('all');
    expect(() => readRole(['node', 'main.ts', '--role=mailer'])).toThrow(/Unknown role mailer/);
    expect(() => readEnvironment({}, 'webhooks')).toThrow(/MAIL_URL is required in production/);
  });

  it('refuses a mode it does not know rather than guessing one', () => {
    expect(() => readEnvironment({ NODE_ENV: 'prod', MAIL_URL })).toThrow(/Bad configuration: NODE_ENV/);
    expect(() => readEnvironment({ NODE_ENV: 'test', MAIL_URL })).toThrow(/Bad configuration: NODE_ENV/);
  });

  it('trusts a proxy only when told to, and reads the secret and the log level here', () => {
    expect(readEnvironment(PRODUCTION).TRUST_PROXY).toBe(false);
    expect(readEnvironment({ ...PRODUCTION, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => readEnvironment({ ...PRODUCTION, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(readEnvironment({ ...PRODUCTION, COURTSIDE_SECRET: '' }).COURTSIDE_SECRET).toBeUndefined();
    expect(readEnvironment({ ...PRODUCTION, COURTSIDE_SECRET: 'a'.repeat(32) }).COURTSIDE_SECRET).toBe(
      'a'.repeat(32),
    );
    expect(readEnvironment({ ...PRODUCTION, LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
  });

  it('reads the public address without a trailing slash and refuses one that is not http(s)', () => {
    expect(readEnvironment(development()).PUBLIC_URL).toBeUndefined();
    expect(readEnvironment({ ...PRODUCTION, PUBLIC_URL: 'https://ladders.example.org/' }).PUBLIC_URL).toBe(
      'https://ladders.example.org',
    );
    expect(() => readEnvironment({ ...PRODUCTION, PUBLIC_URL: 'ftp://ladders.example.org' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(() => readEnvironment({ ...PRODUCTION, PUBLIC_URL: 'ladders' })).toThrow(/PUBLIC_URL/);
  });

  it('limits the commands one api process runs at once to 32 unless told otherwise, and refuses a limit below one', () => {
    expect(readEnvironment(PRODUCTION).COMMANDS_MAX_IN_FLIGHT).toBe(32);
    expect(readEnvironment({ ...PRODUCTION, COMMANDS_MAX_IN_FLIGHT: '64' }).COMMANDS_MAX_IN_FLIGHT).toBe(64);
    expect(() => readEnvironment({ ...PRODUCTION, COMMANDS_MAX_IN_FLIGHT: '0' })).toThrow(
      /COMMANDS_MAX_IN_FLIGHT/,
    );
    expect(() => readEnvironment({ ...PRODUCTION, COMMANDS_MAX_IN_FLIGHT: 'many' })).toThrow(
      /COMMANDS_MAX_IN_FLIGHT/,
    );
  });

  it('reads the From of every mail and the level of kafkajs’ own lines here, and refuses a level it does not know', () => {
    expect(readEnvironment(PRODUCTION).MAIL_FROM).toBeUndefined();
    expect(readEnvironment({ ...PRODUCTION, MAIL_FROM: 'Club <ladder@club.test>' }).MAIL_FROM).toBe(
      'Club <ladder@club.test>',
    );
    expect(readEnvironment(PRODUCTION).KAFKAJS_LOG_LEVEL).toBe('warn');
    expect(readEnvironment({ ...PRODUCTION, KAFKAJS_LOG_LEVEL: 'debug' }).KAFKAJS_LOG_LEVEL).toBe('debug');
    expect(readEnvironment({ ...PRODUCTION, KAFKAJS_LOG_LEVEL: '' }).KAFKAJS_LOG_LEVEL).toBe('warn');
    expect(() => readEnvironment({ ...PRODUCTION, KAFKAJS_LOG_LEVEL: 'loud' })).toThrow(
      /KAFKAJS_LOG_LEVEL: Use nothing, error, warn, info or debug/,
    );
  });
});
