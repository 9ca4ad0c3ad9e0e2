// The deployment files cannot be run here (no Docker engine), so their security rules are checked as text: the
// compose file parsed as YAML, the nginx config and the Dockerfile line by line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  ports?: unknown[];
  network_mode?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
}

const composeText = read('docker-compose.yml');
// merge: the app services share their settings through a `<<: *app` merge key.
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
const services = Object.entries(compose.services);
/** The services that run Courtside's own image (api processes and the projector). */
const appServices = services.filter(([, service]) => service.build !== undefined);

function environmentOf(service: ComposeService): Record<string, string> {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => [entry.split('=')[0]!, entry.split('=').slice(1).join('=')]),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value ?? '')]));
}

/** `${VAR}`, `${VAR:?message}` or `${VAR:-}`: taken from .env, with no literal fallback written in the file. */
const interpolation = /^\$\{[A-Z][A-Z0-9_]*(:?\?[^}]*|:?-)?\}$/;

describe('docker-compose.yml', () => {
  it('runs every app service in production', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual([
      'api-1',
      'api-2',
      'notifier',
      'projector',
      'webhooks',
    ]);
    for (const [name, service] of appServices) {
      expect({ name, NODE_ENV: environmentOf(service).NODE_ENV }).toEqual({ name, NODE_ENV: 'production' });
    }
  });

  it('takes MAIL_URL from .env and refuses to start without it', () => {
    for (const [name, service] of appServices) {
      expect({ name, MAIL_URL: environmentOf(service).MAIL_URL }).toEqual({
        name,
        MAIL_URL: expect.stringMatching(/^\$\{MAIL_URL:\?[^}]+\}$/),
      });
    }
  });

  it('takes PUBLIC_URL from .env and refuses to start without it: the links in mails come from it alone', () => {
    for (const [name, service] of appServices) {
      expect({ name, PUBLIC_URL: environmentOf(service).PUBLIC_URL }).toEqual({
        name,
        PUBLIC_URL: expect.stringMatching(/^\$\{PUBLIC_URL:\?[^}]+\}$/),
      });
    }
  });

  it('takes the VAPID keys from .env and refuses to start without them (DESIGN.md §17)', () => {
    for (const [name, service] of appServices) {
      const environment = environmentOf(service);
      expect({ name, public: environment.VAPID_PUBLIC_KEY, private: environment.VAPID_PRIVATE_KEY }).toEqual({
        name,
        public: expect.stringMatching(/^\$\{VAPID_PUBLIC_KEY:\?[^}]+\}$/),
        private: expect.stringMatching(/^\$\{VAPID_PRIVATE_KEY:\?[^}]+\}$/),
      });
    }
  });

  it('publishes only the port of nginx', () => {
    const publishing = services.filter(
      ([, service]) => (service.ports?.length ?? 0) > 0 || service.network_mode === 'host',
    );
    expect(publishing.map(([name]) => name)).toEqual(['nginx']);
  });

  it('has no secret written in it: passwords, secrets and credentials in URLs come from .env', () => {
    const literals: string[] = [];
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(environmentOf(service))) {
        const secretByName = /(PASSWORD|SECRET|TOKEN|_KEY)$/.test(key);
        if (secretByName && value !== '' && !interpolation.test(value)) literals.push(`${name}.${key}`);
        // scheme://user:password@host: the password part must be an interpolation.
        const credentials = /^[a-z][a-z0-9+.-]*:\/\/[^/:@]*:([^@]*)@/i.exec(value);
        if (credentials && !interpolation.test(credentials[1]!)) literals.push(`${name}.${key}`);
      }
    }
    expect(literals).toEqual([]);
    expect(environmentOf(compose.services.postgres!).POSTGRES_PASSWORD).toMatch(interpolation);
  });

  it('has every variable it takes from .env in .env.example, and .env is not committed', () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
    const example = read('.env.example');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));

    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    expect(read('.gitignore').split('\n')).toContain('.env');
  });
});

describe('infra/docker/nginx.conf', () => {
  const nginx = read('infra/docker/nginx.conf')
    .split('\n')
    .map((line) => line.replace(/#.*/, ''))
    .join('\n');
  const locations = nginx.split(/\blocation\b/).slice(1);

  it('overwrites X-Forwarded-For with the address it saw, in every location it proxies', () => {
    const proxied = locations.filter((location) => location.includes('proxy_pass'));
    expect(proxied.length).toBeGreaterThan(0);
    for (const location of proxied) {
      expect(location).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr\s*;/);
    }
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('keeps /metrics off the public port', () => {
    const metrics = locations.find((location) => /^\s*(=\s*)?\/metrics\b/.test(location));
    expect(metrics).toMatch(/\b(deny all|return 404)\s*;/);
  });
});

describe('infra/docker/Dockerfile', () => {
  const instructions = read('infra/docker/Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const environment = instructions
    .filter((line) => /^ENV\s/.test(line))
    .flatMap((line) => [...line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)])
    .map((match) => [match[1]!, match[2]!.replace(/^"|"$/g, '')] as const);

  it('sets NODE_ENV=production, after installing the devDependencies the servers run with (tsx)', () => {
    expect(Object.fromEntries(environment).NODE_ENV).toBe('production');
    const install = instructions.findIndex((line) => /^RUN .*npm ci/.test(line));
    const production = instructions.findIndex((line) => /^ENV .*NODE_ENV=production/.test(line));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(production).toBeGreaterThan(install);
  });

  it('writes no mail server or secret into the image', () => {
    expect(environment.map(([name]) => name)).not.toContain('MAIL_URL');
    expect(environment.map(([name]) => name)).not.toContain('COURTSIDE_SECRET');
  });
});

describe('package.json', () => {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

  it('asks for development by name in `npm start` only; the server scripts of the image stay production', () => {
    expect(scripts.start).toMatch(/\bNODE_ENV=development\b/);
    expect(scripts['start:api']).not.toMatch(/NODE_ENV/);
    expect(scripts['start:projector']).not.toMatch(/NODE_ENV/);
    expect(scripts['start:notifier']).not.toMatch(/NODE_ENV/);
    expect(scripts['start:webhooks']).not.toMatch(/NODE_ENV/);
  });
});
