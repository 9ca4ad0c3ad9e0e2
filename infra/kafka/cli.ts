/**
 * node --import tsx infra/kafka/cli.ts start|stop|fetch
 *   start  a broker on 127.0.0.1:${KAFKA_PORT:-9092}, data in .courtside/kafka, left running in the background
 *   stop   stops the broker started by `start`
 *   fetch  only downloads the jars (CI pre-warm)
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureKafkaJars, isKafkaProcess, startKafkaBroker, stopKafkaBrokerByPid } from './broker.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = path.join(repoRoot, '.courtside', 'kafka');
const pidFile = path.join(dataDir, 'broker.pid');

async function readPid(): Promise<number | undefined> {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'fetch': {
      const libs = await ensureKafkaJars();
      console.log(`Kafka jars in ${libs}`);
      return;
    }
    case 'start': {
      const port = Number(process.env.KAFKA_PORT ?? 9092);
      const running = await readPid();
      if (running !== undefined && isKafkaProcess(running)) {
        console.error(`A broker is already running (pid ${running}); \`npm run kafka:stop\` first.`);
        console.log(`KAFKA_BROKERS=127.0.0.1:${port}`);
        return;
      }
      await mkdir(dataDir, { recursive: true });
      const controllerPort = process.env.KAFKA_CONTROLLER_PORT
        ? Number(process.env.KAFKA_CONTROLLER_PORT)
        : undefined;
      const broker = await startKafkaBroker({ port, controllerPort, dataDir, background: true });
      await writeFile(pidFile, `${broker.pid}\n`);
      console.error(`Kafka broker running, pid ${broker.pid}, data and server.log in ${dataDir}`);
      console.log(`KAFKA_BROKERS=${broker.brokers.join(',')}`);
      return;
    }
    case 'stop': {
      const pid = await readPid();
      if (pid === undefined || !(await stopKafkaBrokerByPid(pid))) {
        console.error('No broker running.');
      } else {
        console.error(`Stopped broker pid ${pid}.`);
      }
      await rm(pidFile, { force: true });
      return;
    }
    default:
      console.error('usage: node --import tsx infra/kafka/cli.ts start|stop|fetch');
      process.exitCode = 2;
  }
}

main(process.argv[2]).then(
  // The background broker is detached and unref'd; nothing else should keep this process alive.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
