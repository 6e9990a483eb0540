import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SEAMLESS_PREFIX } from '@app/provider-kit';
import { runOnDatabase } from './command.js';
import { prepareSeamlessFixtures, refuseProduction } from '../modules/providers/conformance-fixtures.js';
import { seedIfEmpty } from '../seed/index.js';

/**
 * `npm run provider:fixtures -- [--provider DEMO_SW] [--game g] [--out fixtures.json] [--url base]`:
 * makes the players the seamless-wallet conformance kit needs on the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR; development and test only: refused with
 * NODE_ENV=production), writes the fixtures JSON (to --out, else standard output), and prints the kit's
 * command line with the provider's merchant id and key on standard error.
 *
 * The embedded PGlite is single-process: run this with the server stopped, then start it.
 */
runOnDatabase(
  'seamless fixtures could not be made',
  async (db, config) => {
    const { values } = parseArgs({ options: { provider: { type: 'string' }, game: { type: 'string' }, out: { type: 'string' }, url: { type: 'string' } }, strict: true });
    // A fresh database gets the demo content (and its seamless provider) as the server's first start gives it.
    await seedIfEmpty(db, config);
    const prepared = await prepareSeamlessFixtures(db.kysely, { provider: values.provider, game: values.game });
    const json = `${JSON.stringify(prepared.fixtures, null, 2)}\n`;
    if (values.out) writeFileSync(values.out, json);
    else process.stdout.write(json);
    const url = values.url ?? `http://127.0.0.1:${config.port}${SEAMLESS_PREFIX}`;
    console.error(`fixtures ${values.out ? `written to ${values.out}` : 'above'}; run the kit with:`);
    console.error(`  npm run provider:conformance -- --mode seamless --url ${url} --merchant ${prepared.merchant} --key ${prepared.key} --fixtures ${values.out ?? '<file>'}`);
    return 0;
  },
  refuseProduction,
);
