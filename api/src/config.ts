import path from 'node:path';
import { z } from 'zod';

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  KAFKA_BROKERS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    ),
  KAFKA_TOPIC: z.string().default('courtside.events'),
  COURTSIDE_DATA_DIR: z.string().default('.courtside'),
  /** SMTP URL (smtp://user:pass@host:587); unset: mail goes to the dev outbox. */
  MAIL_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Environment = z.infer<typeof environmentSchema> & { dataDir: string };

/** Reads the process environment once, with a readable error for a bad value. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Bad configuration: ${problems}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.COURTSIDE_DATA_DIR) };
}

export type Role = 'all' | 'api' | 'projector';

export function readRole(argv: readonly string[]): Role {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag?.slice('--role='.length) ?? 'all';
  if (role !== 'all' && role !== 'api' && role !== 'projector') throw new Error(`Unknown role ${role}`);
  return role;
}
