import { loadConfig } from '../config';
import { createSequelize } from './create-sequelize';
import { migrate } from './migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const sequelize = await createSequelize({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(sequelize);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  await sequelize.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
