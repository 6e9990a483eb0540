import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readFixtures } from './fixtures.js';
import { runSeamlessConformance, runTransferConformance } from './runner.js';
import { CONFORMANCE_VENUE } from './transfer-context.js';

/**
 * `npm run provider:conformance -- --mode seamless --url <base> --merchant <id> --key <key> --fixtures <file>`,
 * or `--mode transfer --url <provider base> --merchant <id> --key <key> [--venue] [--game]`
 * (docs/conformance.md). Exit 0 when every case passed, 1 when one failed, 2 when it could not run
 * (bad options, unreadable fixtures).
 */
const USAGE = `usage: provider:conformance --mode seamless --url <wallet base URL> --merchant <id> --key <key> --fixtures <file.json> [--only <text>]… [--timeout-ms <n>]
       provider:conformance --mode transfer --url <provider base URL> --merchant <id the platform signs as> --key <key> [--venue <code>] [--game <code>] [--only <text>]… [--timeout-ms <n>]`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      mode: { type: 'string' },
      url: { type: 'string' },
      merchant: { type: 'string' },
      key: { type: 'string' },
      fixtures: { type: 'string' },
      venue: { type: 'string' },
      game: { type: 'string' },
      only: { type: 'string', multiple: true },
      'timeout-ms': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return console.log(USAGE), 0;
  const timeoutMs = values['timeout-ms'] ? Number(values['timeout-ms']) : undefined;
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 100)) return console.error('--timeout-ms: a whole number ≥ 100'), 2;
  if (values.mode === 'transfer') {
    const missing = (['url', 'merchant', 'key'] as const).filter((k) => !values[k]);
    if (missing.length > 0) return console.error(`missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`), 2;
    const target = { url: values.url!, merchant: values.merchant!, key: values.key!, venue: values.venue, game: values.game, timeoutMs };
    console.log(`transfer wallet conformance: ${target.url} as merchant ${target.merchant}, venue ${target.venue ?? CONFORMANCE_VENUE} (the provider's test money: never a production provider)`);
    const report = await runTransferConformance(target, { only: values.only });
    return report.failed > 0 || report.passed === 0 ? 1 : 0;
  }
  if (values.mode !== 'seamless') return console.error(`--mode: seamless or transfer\n${USAGE}`), 2;
  const missing = (['url', 'merchant', 'key', 'fixtures'] as const).filter((k) => !values[k]);
  if (missing.length > 0) return console.error(`missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`), 2;
  let fixtures;
  try {
    fixtures = readFixtures(JSON.parse(readFileSync(values.fixtures!, 'utf8')));
  } catch (err) {
    console.error(`fixtures ${values.fixtures}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  console.log(`seamless wallet conformance: ${values.url} as merchant ${values.merchant}`);
  const report = await runSeamlessConformance({ url: values.url!, merchant: values.merchant!, key: values.key!, timeoutMs }, fixtures, { only: values.only });
  return report.failed > 0 || report.passed === 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`conformance could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
