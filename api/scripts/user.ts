// npm run user -- <command>: manage users of DATA_DIR's embedded database or DATABASE_URL (docs/operations.md#managing-users).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { StartupError } from '../lib/startup-error.ts';
import { listUsers, removeTwoFactor, resetPassword, setDisabled, UserAdminError } from '../auth/user-admin.ts';

const USAGE = `Usage: npm run user -- <command>
  list                    every user: email, name, sign-in, two-factor, status
  reset-password <email>  a one-time password, to be changed at the next sign-in (signs the user out everywhere)
  disable <email>         no sign-in; every session and API token of the user stops working at once
  enable <email>          undo disable
  remove-2fa <email>      turn off two-factor sign-in (lost authenticator and recovery codes)`;

const [command, email] = process.argv.slice(2);
const needsEmail = ['reset-password', 'disable', 'enable', 'remove-2fa'];
if (!command || !(command === 'list' || needsEmail.includes(command)) || (needsEmail.includes(command) && !email)) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const db = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrate(db);
    const prisma = db.prisma;
    if (command === 'list') {
      const rows = (await listUsers(prisma)).map((u) => [u.email, u.name, u.signIn, u.twoFactor ? 'on' : 'off', u.status]);
      const table = [['EMAIL', 'NAME', 'SIGN-IN', 'TWO-FACTOR', 'STATUS'], ...rows];
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      for (const row of table)
        console.log(
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        );
      if (rows.length === 0) console.log('(no users yet)');
    } else if (command === 'reset-password') {
      const password = await resetPassword(prisma, email!);
      console.log(`One-time password for ${email}: ${password}`);
      console.log('They sign in with it and choose a new password at once. Every session of theirs has ended.');
    } else if (command === 'disable' || command === 'enable') {
      await setDisabled(prisma, email!, command === 'disable');
      console.log(
        command === 'disable'
          ? `Disabled ${email}: they cannot sign in, and their sessions and API tokens stopped working.`
          : `Enabled ${email}: they can sign in again, and their API tokens work again.`,
      );
    } else {
      await removeTwoFactor(prisma, email!);
      console.log(`Two-factor sign-in is off for ${email}. They sign in with their password alone and can turn it on again in Settings.`);
    }
  } finally {
    await db.close();
  }
} catch (err) {
  const message =
    err instanceof StartupError || err instanceof UserAdminError ? err.message : err instanceof Error ? err.message : String(err);
  console.error(`Cannot ${command}: ${message}`);
  process.exit(1);
}
