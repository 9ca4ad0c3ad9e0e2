// @ts-check
/**
 * Stryker's `thresholds.break` judges all mutated files together, so a file of few mutants could sink below it
 * unnoticed behind a large one. The project's bar is per file: this fails `npm run mutate` when any one file
 * scores below the break threshold of stryker.config.json.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { calculateMutationTestMetrics } from 'mutation-testing-metrics';

const config = JSON.parse(readFileSync('stryker.config.json', 'utf8'));
const bar = config.thresholds?.break ?? 0;
const report = JSON.parse(readFileSync(config.jsonReporter.fileName, 'utf8'));

/** @param {import('mutation-testing-metrics').MetricsResult} result @param {string} path */
function* files(result, path) {
  if (result.file) yield { path, score: result.metrics.mutationScore };
  for (const child of result.childResults) yield* files(child, path ? `${path}/${child.name}` : child.name);
}

const scored = [...files(calculateMutationTestMetrics(report).systemUnderTestMetrics, '')];
for (const file of scored) process.stdout.write(`${file.score.toFixed(1).padStart(6)} %  ${file.path}\n`);
const below = scored.filter((file) => file.score < bar);
for (const file of below)
  process.stderr.write(`${file.path}: ${file.score.toFixed(2)} % is below ${bar} %\n`);
process.exit(below.length === 0 ? 0 : 1);
