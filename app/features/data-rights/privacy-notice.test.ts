import { describe, expect, it } from "vitest";
import { DEFAULT_PRIVACY_SETTINGS } from "~/features/settings/privacy-settings";
import { noticeContact, privacyNotice, type NoticeFacts } from "./privacy-notice";

const facts: NoticeFacts = {
  whatsapp: false,
  payments: "off",
  courier: "manual",
  smtp: false,
  cloudStorage: false,
  retention: DEFAULT_PRIVACY_SETTINGS,
  dataContact: "privacy@neonlights.in",
  grievance: { name: "R. Gupta", email: "grievance@neonlights.in", phone: "+91 98765 43210" },
};
const text = (f: NoticeFacts) => JSON.stringify(privacyNotice(f));

describe("privacyNotice", () => {
  it("names only the services the shop runs", () => {
    expect(text(facts)).not.toMatch(/Razorpay|WhatsApp|Meta|Shiprocket/);
    const all = text({ ...facts, whatsapp: true, payments: "razorpay", courier: "shiprocket", smtp: true });
    expect(all).toMatch(/Razorpay/);
    expect(all).toMatch(/Meta \(WhatsApp Business\)/);
    expect(all).toMatch(/Shiprocket/);
    expect(all).toMatch(/our e-mail provider/);
    expect(text({ ...facts, payments: "test" })).toMatch(/test payments \(no real money\)/);
    expect(text(facts)).toMatch(/cash on delivery only/);
  });
  it("names saved carts for reminders, with the owner's keep period, only when reminders are on", () => {
    expect(privacyNotice(facts).some((i) => i.what.startsWith("A cart you left"))).toBe(false);
    const item = privacyNotice({ ...facts, cartReminders: { keepDays: 21, whatsapp: false } }).find((i) =>
      i.what.startsWith("A cart you left"),
    );
    expect(item!.howLong).toMatch(/^21 days after your last change/);
  });

  it("says the owner's retention periods and the tax law's", () => {
    const items = privacyNotice({
      ...facts,
      retention: { ...DEFAULT_PRIVACY_SETTINGS, grievanceDays: 730, outboxDays: 14 },
    });
    expect(items.find((i) => i.what.startsWith("Complaints"))!.howLong).toMatch(/^2 years after/);
    expect(items.find((i) => i.what.startsWith("Copies"))!.howLong).toBe("14 days");
    expect(items[0]!.howLong).toMatch(/8 years .*section 36/);
  });
  it("itemises what, why, how long and with whom for every item, and names the contacts", () => {
    for (const i of privacyNotice(facts))
      for (const v of Object.values(i)) expect(v.length, JSON.stringify(i)).toBeGreaterThan(3);
    expect(noticeContact(facts).join(" ")).toMatch(/privacy@neonlights\.in.*R\. Gupta/);
  });
});
