import { describe, expect, it } from "vitest";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { sendMail } from "~/platform/email.server";
import { parseEnv, setEnv, env } from "~/platform/env.server";
import { adminSession } from "../support/admin-session";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

// Issue 42: e-mails come from the store's e-mail as saved in the settings (not the first-start environment's),
// or, with MAIL_FROM, from that fixed sender with the store's e-mail as Reply-To.
const t = setupTestDatabase();

const mail = (key: string) => ({
  to: "asha@example.in",
  subject: "Hello",
  dedupeKey: key,
  content: {
    blocks: [{ kind: "paragraph" as const, text: "Hi" }],
    shop: { name: "x", publicUrl: "http://x" },
  },
});
const raw = (key: string) => outbox(t.dataDir).read(`${key}.eml`);

describe("the sender of the shop's e-mails", () => {
  it("is the store's name and e-mail saved in the settings; with MAIL_FROM, that sender and the store as Reply-To", async () => {
    const owner = await adminSession();
    const { settings, version } = await loadShopSettings();
    const saved = await saveShopSettings(
      { ...settings, store: { ...settings.store, name: "Glow Studio", email: "hello@glowstudio.in" } },
      owner.actor,
      version,
    );
    expect(saved.ok).toBe(true);
    await loadShopSettings();
    await sendMail(mail("sender-settings"));
    expect(raw("sender-settings")).toMatch(/^From: "?Glow Studio"? <hello@glowstudio\.in>/m);
    expect(raw("sender-settings")).not.toMatch(/^Reply-To:/m);

    const before = env();
    setEnv(
      parseEnv({ ...process.env, ...before, MAIL_FROM: '"Glow Studio" <no-reply@mailer.example>' } as never),
    );
    try {
      await sendMail(mail("sender-fixed"));
      expect(raw("sender-fixed")).toMatch(/^From: "?Glow Studio"? <no-reply@mailer\.example>/m);
      expect(raw("sender-fixed")).toMatch(/^Reply-To: hello@glowstudio\.in/m);
      // A mail with its own Reply-To keeps it.
      await sendMail({ ...mail("sender-own-reply"), replyTo: "asha@example.in" });
      expect(raw("sender-own-reply")).toMatch(/^Reply-To: asha@example\.in/m);
    } finally {
      setEnv(before);
    }
  });
});
