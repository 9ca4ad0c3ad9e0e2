import { parseArgs } from 'node:util';
import pino from 'pino';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';
import { productProjections } from './catalog.ts';
import { liveReadModelSchema } from './read-model-schema.ts';
import { rebuildInMemory } from './rebuild/in-memory-rebuild.ts';
import { promoteRebuild, replay } from './replay.ts';
import { cliDatabaseUrl, cliEventLog } from './cli-environment.ts';

const usage = `npm run replay -- [--verify] [--keep] [--promote]

Rebuilds every read model from position 0 of the event log into a fresh schema beside the live one.
  --verify   wait until the rebuild stands where the live read models stand, compare every table, exit 1 on a difference
  --keep     keep the rebuilt schema (it is dropped otherwise)
  --promote  make the rebuild the live schema (needs the projector stopped; implies --keep)
Reads DATABASE_URL and KAFKA_BROKERS; without DATABASE_URL it uses the database of \`npm start\` (.courtside/).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      verify: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      promote: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const databaseUrl = cliDatabaseUrl(
    'Set DATABASE_URL, or run `npm start` first so the replay can use its database.',
  );
  const logger = pino({ name: 'replay', level: process.env.LOG_LEVEL ?? 'warn' });
  const log = await cliEventLog(databaseUrl);
  try {
    const report = await replay({
      databaseUrl,
      log,
      registry: new EventRegistry(productEvents),
      projections: productProjections,
      liveSchema: liveReadModelSchema,
      verify: values.verify,
      drop: !values.keep && !values.promote,
      logger,
      inMemory: rebuildInMemory,
    });
    console.log(`Rebuilt into ${report.schema} up to ${JSON.stringify(report.positions)}`);
    if (report.inMemory) {
      console.log(
        `${report.inMemory.events} events folded in memory and copied in ${report.inMemory.seconds.toFixed(2)} s; ` +
          'the projector applied the rest.',
      );
    }
    for (const table of report.tables ?? []) {
      console.log(
        `${table.identical ? 'same     ' : 'DIFFERENT'} ${table.table}: live ${table.liveRows} rows, rebuilt ${table.rebuiltRows} rows`,
      );
    }
    if (values.promote) {
      const retired = await promoteRebuild(databaseUrl, liveReadModelSchema, report.schema);
      console.log(`The rebuild is now ${liveReadModelSchema}; the old read models are kept as ${retired}.`);
    }
    if (report.identical === false) {
      console.log('The rebuilt read models differ from the live ones.');
      return 1;
    }
    if (report.identical) console.log('Every rebuilt table is identical to the live one.');
    return 0;
  } finally {
    await log.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
