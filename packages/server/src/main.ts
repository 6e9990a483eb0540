import { loadConfig } from './config.js';
import { buildApp, openDatabase } from './app.js';
import { takeGeneratedAdminPassword } from './modules/staff/bootstrap.js';

const config = loadConfig();
const db = await openDatabase(config);
const app = await buildApp(config, db);
// The first admin's generated password is shown here once and stored nowhere in plain text.
const firstPassword = takeGeneratedAdminPassword(db.kysely);
if (firstPassword) {
  process.stdout.write(`\n  back-office /admin/: user admin, password ${firstPassword}\n  (shown once and temporary: the console asks for a new password at the first sign-in)\n\n`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close(); // stops accepting, finishes in-flight requests
    await db.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`platform listening on http://127.0.0.1:${config.port}/ (database: ${db.kind})`);
