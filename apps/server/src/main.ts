import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsFromConfig, openDatabase } from './db/client.ts';
import { demoLoginHelp, seedDemo } from './demo/demo.ts';
import { createMailer } from './platform/mail/create-mailer.ts';
import { createStorage, mediaDir } from './platform/storage/create-storage.ts';
import { sweepStagedUploads } from './platform/storage/local-storage.ts';
import { RedisUnavailableError } from './platform/shared-state/redis-link.ts';

/** The longest a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(databaseOptionsFromConfig(config));
  await database.migrate();
  await sweepStagedUploads(mediaDir(config));
  const seeded = config.seedDemo ? await seedDemo(database.db, createStorage(config)) : false;
  const mailer = createMailer(config.mail, config.dataDir);
  const app = await buildApp({ config, database, mailer, ...(config.webDist && { webDist: config.webDist }) });

  database.onConnectionLost((error) => app.log.error({ err: error }, 'PostgreSQL connection lost; the pool reconnects on the next query'));

  // SIGTERM (an orchestrator, a deploy): stop taking requests, finish those in flight, close the
  // sockets so phones reconnect to another process, then exit; never take more than SHUTDOWN_MS.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight and closing sockets');
    setTimeout(() => {
      app.log.error(`not stopped within ${SHUTDOWN_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    try {
      await app.close();
      await mailer.close?.();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}/pgdata` : 'PostgreSQL server (DATABASE_URL)';
  console.log(`\nStreetHunt is running on ${config.publicUrl} (${config.appEnv}, ${where})`);
  if (config.mail.transport === 'outbox') console.log(`Emails are written to ${config.dataDir}/outbox`);
  if (seeded) console.log('Seeded demo data into the new database.');
  if (config.seedDemo) console.log(demoLoginHelp(config.publicUrl));
  console.log(`API documentation: ${config.publicUrl}/api/docs\n`);
}

main().catch((error: unknown) => {
  // A setting or a service the operator must fix: the message says what, a stack trace would not help.
  if (error instanceof RedisUnavailableError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
