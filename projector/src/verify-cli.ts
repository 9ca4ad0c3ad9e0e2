import { verifyLog } from '@courtside/eventlog/chain/verify-log';
import { cliDatabaseUrl, cliEventLog } from './cli-environment.ts';

const usage = `npm run verify [-- <companyId>]

Reads the event log itself from position 0 to its head and checks every company's hash chain (DESIGN.md §8).
Prints one JSON line per company {companyId, ok, events, headHash, firstBadPosition?, unchained}; exits 1 when a
chain is broken. Reads DATABASE_URL, KAFKA_BROKERS and KAFKA_TOPIC like \`npm run replay\`.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(usage);
    return 0;
  }
  const only = args.find((arg) => !arg.startsWith('-'));
  const databaseUrl = cliDatabaseUrl('Set DATABASE_URL, or run `npm start` first.');
  const log = await cliEventLog(databaseUrl);
  try {
    const reports = await verifyLog(log);
    let broken = 0;
    for (const [companyId, report] of reports) {
      if (only && companyId !== only) continue;
      if (!report.ok) broken++;
      console.log(JSON.stringify({ companyId, ...report }));
    }
    console.log(broken === 0 ? 'Every chain is intact.' : `${broken} broken chain(s).`);
    return broken === 0 ? 0 : 1;
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
