// Self-test of the import-direction check: a small checkout with one planted violation of each rule,
// and the imports the rules allow beside them. Run by `npm run test:scripts` (node --test).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { checkImports, format } from './check-imports.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
after(() => rmSync(root, { recursive: true, force: true }));

function plant(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

// Allowed: a feature's public api, shared code, contract (from the front ends and packages/browser), the demo venue's mounting and artwork, plumbing, tests.
plant('packages/browser/src/api.ts', "import { CODE, type Envelope } from '@app/contract';\n");
plant('packages/h5/src/features/games/routes/Ok.tsx', "import { useVenues } from '../../wallet/api';\nimport { Page } from '../../../shared/components/Page';\nimport { MSG } from '@app/contract';\n");
plant('packages/admin/src/app/routes.tsx', "import Odds from '../features/lottery/OddsPage';\n");
plant('packages/server/src/app.ts', "import demoProviderApi from './venue-demo/provider-api.js';\n");
plant('packages/server/src/seed/assets/tiles.ts', "import { FISH } from '../../venue-demo/games/fishing.js';\n");
plant('packages/server/src/modules/lottery/plays.ts', "import { payFen } from '../../lib/payout.js';\n");
plant('packages/server/src/venue-demo/play.ts', "import { verifyLaunch } from '../lib/launch-token.js';\n");
plant('packages/server/test/x.test.ts', "import { writeAudit } from '../src/admin/audit/service.js';\n");
plant('packages/e2e/tests/x.test.ts', "import { startServer } from '../../server/src/app.js';\n");
// Allowed: src/db assembles the modules' table declarations, which import types from kysely and src/db alone.
plant('packages/server/src/db/schema.ts', "import type { UserTables } from '../modules/user/schema.js';\nimport type { DemoVenueTables } from '../venue-demo/schema.js';\n");
plant('packages/server/src/db/migrations.ts', "import * as user from '../modules/user/migrations.js';\nimport * as venueDemo from '../venue-demo/migrations.js';\n");
plant('packages/server/src/modules/user/schema.ts', "import type { Generated } from 'kysely';\nimport type { Timestamp } from '../../db/columns.js';\n");
plant('packages/server/src/venue-demo/migrations.ts', "import type { Migration } from '../db/migration.js';\n");

// Planted: one violation of each rule (line numbers matter: the report names them).
plant('packages/admin/src/features/lottery/engine.ts', "// odds maths\nexport { rtpOf } from '../../../../server/src/modules/lottery/engine/plays';\n");
plant('packages/h5/src/features/lottery/api.ts', "import type { Venue } from '@app/server/modules/venues/registry';\n");
plant('packages/contract/src/x.ts', "import { Page } from '@app/h5/shared/components/Page';\n");
plant('packages/browser/src/session.ts', "import { MSG } from '@app/contract';\nimport { getToken } from '@app/h5/shared/auth/storage';\nimport { AppError } from '../../server/src/http/errors.js';\n");
plant('packages/h5/src/shared/components/Nav.tsx', "import { routes } from '../../app/routes';\n");
plant('packages/h5/src/features/hall/routes/Home.tsx', "import { x } from '../../wallet/api';\n\n/* a comment: import { y } from '../../wallet/hooks' */\nconst Lazy = () => import('../../wallet/hooks');\n");
plant('packages/server/src/modules/lottery/chat/moderation.ts', "import { sql } from 'kysely';\nimport { writeAudit } from '../../../admin/audit/service.js';\n");
plant('packages/server/src/modules/games/service.ts', "import { gamesByProvider } from '../../venue-demo/games/index.js';\n");
plant('packages/server/src/modules/venues/registry.ts', "import type { Config } from '../../config.js';\nimport { DemoVenue } from '../../venue-demo/service.js';\n");
plant('packages/server/src/cli/seed.ts', "import { move } from '../venue-demo/store.js';\n");
plant('packages/server/src/venue-demo/routes.ts', "import { launchSecret } from '../modules/venues/launch.js';\n");
plant('packages/server/src/lib/tokens.ts', "import { Actor } from '../admin/audit/service.js';\n");
plant('packages/server/src/db/connect.ts', "import { post } from '../modules/ledger/service.js';\n");
plant('packages/server/src/modules/ledger/schema.ts', "import type { Generated } from 'kysely';\nimport type { Fen } from '../../lib/money.js';\n");
plant('packages/server/src/modules/ledger/migrations.ts', "import { sql } from 'kysely';\nimport type { Migration } from '../../db/migration.js';\nimport { HOUSE } from './service.js';\n");

test('names file, line and rule of every planted violation, and nothing else', () => {
  const found = checkImports(root).map((v) => `${v.file}:${v.line} ${v.rule}`);
  assert.deepEqual(found, [
    'packages/admin/src/features/lottery/engine.ts:2 client-to-server',
    'packages/browser/src/session.ts:2 browser-is-shared',
    'packages/browser/src/session.ts:3 browser-is-shared',
    'packages/contract/src/x.ts:1 contract-is-shared',
    'packages/h5/src/features/hall/routes/Home.tsx:4 feature-internals',
    'packages/h5/src/features/lottery/api.ts:1 client-to-server',
    'packages/h5/src/shared/components/Nav.tsx:1 layers',
    'packages/server/src/cli/seed.ts:1 venue-demo-mounted-only',
    'packages/server/src/db/connect.ts:1 plumbing-to-domain',
    'packages/server/src/lib/tokens.ts:1 plumbing-to-domain',
    'packages/server/src/modules/games/service.ts:1 venue-demo-mounted-only',
    'packages/server/src/modules/ledger/migrations.ts:1 table-declarations',
    'packages/server/src/modules/ledger/migrations.ts:3 table-declarations',
    'packages/server/src/modules/ledger/schema.ts:2 table-declarations',
    'packages/server/src/modules/lottery/chat/moderation.ts:2 module-to-admin',
    'packages/server/src/modules/venues/registry.ts:2 venue-demo-mounted-only',
    'packages/server/src/venue-demo/routes.ts:1 venue-demo-to-platform',
  ]);
});

test('prints each violation as file:line [rule] import — why', () => {
  const [first] = checkImports(root);
  assert.match(format(first), /^packages\/admin\/src\/features\/lottery\/engine\.ts:2 {2}\[client-to-server\] '\.\.\/\.\.\/\.\.\/\.\.\/server\/src\/modules\/lottery\/engine\/plays' — .+/);
});

