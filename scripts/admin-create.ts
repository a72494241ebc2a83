// `npm run admin:create -- --email E --password P`: create an Owner, or recover an existing account: its
// password is reset, it is enabled and made an Owner again, its sessions end and its second factor is
// cleared. The way to make the first Owner; other staff are invited from /admin/staff (issue 31).
// Also: `--disable` / `--enable` (with --email only) to lock an admin out at once or let them back in.
import { parseArgs } from "node:util";
import { z } from "zod";
import { adminPasswordProblem } from "~/features/admin-shell/admin-auth";
import { setAdminDisabled, upsertAdmin } from "~/platform/auth/admin-accounts.server";
import { withShopDatabase } from "../server/cli-db";

const USAGE = `Usage:
  npm run admin:create -- --email admin@example.com --password 'a long secret phrase'
  npm run admin:create -- --email admin@example.com --disable    (end its sessions, refuse sign-in)
  npm run admin:create -- --email admin@example.com --enable`;

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/** Run against the shop's database; a failure (e.g. the shop holds the embedded database) ends with its message. */
async function withDb<T>(work: Parameters<typeof withShopDatabase<T>>[0]): Promise<T> {
  try {
    return await withShopDatabase(work);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      disable: { type: "boolean", default: false },
      enable: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`);
}

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const email = z.email().safeParse(args.email?.trim() ?? "");
if (!email.success)
  fail(
    `${args.email ? `'${args.email}' is not a valid email address.` : "--email is required."}\n\n${USAGE}`,
  );

if (args.disable || args.enable) {
  if (args.disable && args.enable) fail("Use either --disable or --enable, not both.");
  if (args.password !== undefined) fail("--disable and --enable do not take a password.");
  const disabled = args.disable;
  const result = await withDb((database) => setAdminDisabled(database, email.data, disabled));
  if (!result) fail(`There is no admin with the email ${email.data}.`);
  console.log(
    disabled
      ? `Disabled the admin ${email.data}: sign-in refused, ${result.sessionsEnded} session(s) ended.`
      : `Enabled the admin ${email.data}: they can sign in again.`,
  );
  process.exit(0);
}

if (args.password === undefined) fail(`--password is required.\n\n${USAGE}`);
const problem = adminPasswordProblem(args.password, email.data);
if (problem) fail(`${problem}\nNothing was changed.`);

const result = await withDb((database) => upsertAdmin(database, email.data, args.password!));
console.log(
  result.action === "created"
    ? `Created the admin ${email.data} (role: Owner). Sign in at /admin/login.`
    : `Reset the password of the admin ${email.data} (account enabled, role: Owner, second factor cleared; ${result.sessionsEnded} session(s) ended). Sign in at /admin/login.`,
);
process.exit(0);
