import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsFromConfig, openDatabase } from './db/client.ts';
import { demoLoginHelp, seedDemo } from './demo/demo.ts';
import { createMailer } from './platform/mail/create-mailer.ts';
import { createStorage, mediaDir } from './platform/storage/create-storage.ts';
import { sweepStagedUploads } from './platform/storage/local-storage.ts';
import { RedisUnavailableError } from './platform/shared-state/redis-link.ts';

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
  const app = await buildApp({ config, database, mailer });

  const shutdown = async () => {
    await app.close();
    await mailer.close?.();
    await database.close();
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
