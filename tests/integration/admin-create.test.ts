import { spawnSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { adminUsers } from "~/platform/db/tables.server";
import { adminSession } from "../support/admin-session";
import { countRows, setupTestDatabase } from "../support/test-db";

// `npm run admin:create` as a user runs it (tsx scripts/admin-create.ts), against this file's database.

const t = setupTestDatabase();

function adminCreate(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
    env: { ...process.env, DATABASE_URL: t.url, DATA_DIR: t.dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("admin:create", () => {
  it("refuses a short or common password with a clear message and changes nothing", async () => {
    const short = adminCreate("--email", "boss@shop.test", "--password", "short1!");
    expect(short.code).toBe(1);
    expect(short.out).toContain("The password is too short: use at least 10 characters.");
    const common = adminCreate("--email", "boss@shop.test", "--password", "Password@123");
    expect(common.code).toBe(1);
    expect(common.out).toContain("The password is too common");
    const noEmail = adminCreate("--password", "a fine long phrase");
    expect(noEmail.code).toBe(1);
    expect(noEmail.out).toContain("--email is required");
    expect(await countRows(adminUsers)).toBe(0);
  });

  it("creates an admin, then resets its password (ending its sessions)", async () => {
    const created = adminCreate("--email", "Boss@Shop.test", "--password", "first long neon phrase");
    expect(created.out).toContain("Created the admin Boss@Shop.test");
    expect(created.code).toBe(0);
    const [user] = await db()
      .select()
      .from(adminUsers)
      .where(sql`lower(${adminUsers.email}) = 'boss@shop.test'`);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.role).toBe("owner");
    await adminSession("boss@shop.test"); // signed in somewhere
    // Demoted, and with an authenticator it has lost: the recovery makes it an Owner without it again.
    await db()
      .update(adminUsers)
      .set({ role: "catalogue", totpSecret: "v1.lost", totpLastStep: 1 })
      .where(eq(adminUsers.id, user!.id));

    const reset = adminCreate("--email", "boss@shop.test", "--password", "second long neon phrase");
    expect(reset.code).toBe(0);
    expect(reset.out).toContain(
      "Reset the password of the admin boss@shop.test (account enabled, role: Owner, second factor cleared; 1 session(s) ended)",
    );
    const [after] = await db().select().from(adminUsers).where(eq(adminUsers.id, user!.id));
    expect(after).toMatchObject({ role: "owner", totpSecret: null, totpLastStep: null });
    expect(after!.passwordHash).not.toBe(user!.passwordHash);
    expect(await countRows(adminUsers)).toBe(1);

    const disabled = adminCreate("--email", "boss@shop.test", "--disable");
    expect(disabled.code).toBe(0);
    expect((await db().select().from(adminUsers).where(eq(adminUsers.id, user!.id)))[0]!.disabled).toBe(true);
  });
});
