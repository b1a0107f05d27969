/** dist/server/migrate.js, `npm run migrate`: src/server/db/migrate-command.ts. */
import { runMigrateCommand } from './db/migrate-command';

process.exitCode = await runMigrateCommand(process.env, (line) => process.stdout.write(`${line}\n`));
