/**
 * A real single-node Apache Kafka broker (KRaft, broker+controller in one JVM) on loopback, without Docker.
 * The jars come from Maven Central through `infra/kafka/pom.xml` and are cached in `infra/kafka/.cache/`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, closeSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';

export const KAFKA_VERSION = '3.9.1';

const here = path.dirname(fileURLToPath(import.meta.url));
const pomFile = path.join(here, 'pom.xml');
const libsDir = path.join(here, '.cache', `libs-${KAFKA_VERSION}`);
const libsMarker = path.join(libsDir, '.complete');

interface StartKafkaBrokerOptions {
  /** Client (PLAINTEXT) port on 127.0.0.1; a free one when omitted. */
  port?: number;
  /** Controller (KRaft quorum) port on 127.0.0.1; a free one when omitted. */
  controllerPort?: number;
  /** Where the log segments, the config and server.log live; a fresh temp dir when omitted. Reused when formatted. */
  dataDir?: string;
  /** Broker default `num.partitions` (default 3). */
  partitions?: number;
  /**
   * Keep the broker running after this process exits (the CLI's `start`). Default false: the broker is stopped when
   * this process exits, and a small watchdog stops it too when this process is killed with SIGKILL.
   */
  background?: boolean;
  /** How long to wait for the broker to answer (default 60 s). */
  startTimeoutMs?: number;
  /** JVM heap limit (default 512m). */
  heap?: string;
}

export interface KafkaBroker {
  brokers: string[];
  stop(): Promise<void>;
  pid: number;
  dataDir: string;
}

/** Downloads the broker jars (once; Maven's ~/.m2 makes it cheap afterwards). Returns the folder with the jars. */
export async function ensureKafkaJars(): Promise<string> {
  if (existsSync(libsMarker)) return libsDir;
  await mkdir(path.dirname(libsDir), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(libsDir), `.staging-${KAFKA_VERSION}-`));
  try {
    await run('mvn', [
      '-q',
      '-B',
      '-f',
      pomFile,
      `-Dkafka.version=${KAFKA_VERSION}`,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${staging}`,
    ]);
    const jars = readdirSync(staging).filter((f) => f.endsWith('.jar'));
    if (!jars.some((f) => f.startsWith(`kafka_2.13-${KAFKA_VERSION}`))) {
      throw new Error(`maven did not deliver kafka_2.13-${KAFKA_VERSION}.jar into ${staging}`);
    }
    await writeFile(path.join(staging, '.complete'), `${jars.length} jars\n`);
    // Another process may have finished first: then keep theirs.
    if (existsSync(libsMarker)) return libsDir;
    await rm(libsDir, { recursive: true, force: true });
    await rename(staging, libsDir).catch((error: unknown) => {
      if (!existsSync(libsMarker)) throw error;
    });
    return libsDir;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export async function startKafkaBroker(opts: StartKafkaBrokerOptions = {}): Promise<KafkaBroker> {
  const libs = await ensureKafkaJars();
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = path.resolve(opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'courtside-kafka-'))));
  await mkdir(dataDir, { recursive: true });
  const port = opts.port ?? (await freePort());
  let controllerPort = opts.controllerPort ?? (await freePort());
  while (controllerPort === port) controllerPort = await freePort();

  const logDir = path.join(dataDir, 'logs');
  const serverProperties = path.join(dataDir, 'server.properties');
  const log4jProperties = path.join(dataDir, 'log4j.properties');
  const serverLog = path.join(dataDir, 'server.log');
  const stdoutLog = path.join(dataDir, 'stdout.log');

  await writeFile(
    serverProperties,
    [
      '# Written by infra/kafka/broker.ts',
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      `log.dirs=${logDir}`,
      `num.partitions=${opts.partitions ?? 3}`,
      'default.replication.factor=1',
      'min.insync.replicas=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=10',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      'log.retention.ms=-1',
      'log.retention.bytes=-1',
      'num.network.threads=2',
      'num.io.threads=4',
      '',
    ].join('\n'),
  );
  await writeFile(
    log4jProperties,
    [
      'log4j.rootLogger=INFO, file',
      'log4j.appender.file=org.apache.log4j.RollingFileAppender',
      `log4j.appender.file.File=${serverLog}`,
      'log4j.appender.file.MaxFileSize=20MB',
      'log4j.appender.file.MaxBackupIndex=2',
      'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
      'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
      'log4j.logger.kafka.request.logger=WARN',
      'log4j.logger.state.change.logger=WARN',
      'log4j.logger.kafka.log.LogCleaner=WARN',
      'log4j.logger.org.apache.kafka.storage.internals.log=WARN',
      'log4j.logger.org.apache.kafka.controller=INFO',
      '',
    ].join('\n'),
  );

  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const classpath = `${libs}${path.sep}*`;
  const log4jFlag = `-Dlog4j.configuration=file:${log4jProperties}`;

  if (!existsSync(path.join(logDir, 'meta.properties'))) {
    await run(java, [
      '-Xmx256m',
      log4jFlag,
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      '--ignore-formatted',
      '-t',
      kafkaClusterId(),
      '-c',
      serverProperties,
    ]);
  }

  const out = openSync(stdoutLog, 'a');
  let child: ChildProcess;
  try {
    child = spawn(
      java,
      [
        `-Xmx${opts.heap ?? '512m'}`,
        '-Xss1m',
        '-XX:+UseG1GC',
        '-Djava.awt.headless=true',
        log4jFlag,
        `-Dkafka.logs.dir=${dataDir}`,
        '-cp',
        classpath,
        'kafka.Kafka',
        serverProperties,
      ],
      { cwd: dataDir, stdio: ['ignore', out, out], detached: opts.background ?? false },
    );
  } finally {
    closeSync(out);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${java}`);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
    child.once('error', () => {
      exited ??= { code: -1, signal: null };
      resolve();
    });
  });

  const killOnExit = () => {
    if (!exited) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* gone already */
      }
    }
  };
  if (opts.background) {
    child.unref();
  } else {
    process.once('exit', killOnExit);
    startWatchdog(pid, ownDataDir ? dataDir : undefined);
  }

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* gone already */
      }
    }
    const killTimer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone already */
      }
    }, 15_000);
    await exitPromise;
    clearTimeout(killTimer);
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  };

  const brokers = [`127.0.0.1:${port}`];
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  const kafka = new Kafka({
    clientId: 'courtside-broker-probe',
    brokers,
    connectionTimeout: 1_000,
    requestTimeout: 2_000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  });
  for (;;) {
    if (exited) {
      const message =
        `Kafka broker exited during start (code ${exited.code}, signal ${exited.signal}).\n` +
        (await tails(serverLog, stdoutLog));
      await stop();
      throw new Error(message);
    }
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.listTopics();
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        const message =
          `Kafka broker did not answer on ${brokers[0]} within ${opts.startTimeoutMs ?? 60_000} ms: ${String(error)}\n` +
          (await tails(serverLog, stdoutLog));
        await stop();
        throw new Error(message);
      }
      await sleep(200);
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  return { brokers, stop, pid, dataDir };
}

/** Stops a broker by pid (one started in the background by the CLI). Resolves once it has exited. */
export async function stopKafkaBrokerByPid(pid: number, timeoutMs = 15_000): Promise<boolean> {
  if (!isKafkaProcess(pid)) return false;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      while (alive(pid)) await sleep(100);
      break;
    }
    await sleep(100);
  }
  return true;
}

export function isKafkaProcess(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kafka.Kafka');
  } catch {
    return true; // no /proc (macOS): trust the pid file
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A detached shell that stops the broker when this process disappears without running its 'exit' handlers
 * (SIGKILL, a crash of the runtime). It ends by itself as soon as the broker is gone.
 */
function startWatchdog(brokerPid: number, removeDir?: string): void {
  const cleanup = removeDir && /^[\w./-]+$/.test(removeDir) ? `sleep 1; rm -rf '${removeDir}'; ` : '';
  const script =
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${brokerPid} 2>/dev/null; do sleep 1; done; ` +
    `kill -0 ${process.pid} 2>/dev/null && exit 0; ` +
    `kill -TERM ${brokerPid} 2>/dev/null; ` +
    `i=0; while kill -0 ${brokerPid} 2>/dev/null && [ $i -lt 15 ]; do sleep 1; i=$((i+1)); done; ` +
    `kill -KILL ${brokerPid} 2>/dev/null; ${cleanup}exit 0`;
  try {
    spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    /* best effort */
  }
}

/** A Kafka cluster id: 16 random bytes, URL-safe base64 without padding (what `kafka-storage random-uuid` prints). */
function kafkaClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Runs a program directly (no shell), inheriting nothing but stderr on failure. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    // A parent that exits while maven runs takes maven with it.
    const killChild = () => child.kill('SIGTERM');
    process.once('exit', killChild);
    child.once('error', (error) => {
      process.removeListener('exit', killChild);
      reject(new Error(`could not run ${command}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killChild);
      if (code === 0) resolve();
      else
        reject(new Error(`${command} ${args.join(' ')} failed (code ${code}, signal ${signal}):\n${output}`));
    });
  });
}

async function tails(...files: string[]): Promise<string> {
  const parts: string[] = [];
  for (const file of files) {
    try {
      if ((await stat(file)).size === 0) continue;
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      // The cause is usually an ERROR line followed by many lines of orderly shutdown.
      const errors = lines.filter((line) => /\b(ERROR|FATAL)\b|Exception/.test(line)).slice(0, 10);
      if (errors.length > 0) parts.push(`--- errors in ${file} ---\n${errors.join('\n')}`);
      parts.push(`--- last lines of ${file} ---\n${lines.slice(-20).join('\n')}`);
    } catch {
      /* missing */
    }
  }
  return parts.join('\n') || '(no broker output)';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
