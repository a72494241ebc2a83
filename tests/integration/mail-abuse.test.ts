import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { makeCategory, makeProduct, newShopper, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, postCheckout } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

// The mail relay attack of issue 12: many checkouts naming one victim's address, with a link as the name.
// Order limits are lifted here so that only the mail limits are at work.
const t = setupTestDatabase({ ...NO_ORDER_LIMITS, SHOP_NOTIFY_EMAIL: "orders@neonlights.in" });
afterAll(() => runQueuedJobs());

let productId = "";
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory(), { stockQuantity: 1000 })).id;
});

describe("checkout mail is not a relay", () => {
  it("sends at most 3 confirmations per mailbox per hour, however the address is spelled, and never a link", async () => {
    const spellings = [
      "victim@gmail.com",
      "Victim@Gmail.com",
      "vic.tim@gmail.com",
      "victim+1@gmail.com",
      "v.i.c.t.i.m+x@googlemail.com",
    ];
    for (let i = 0; i < 10; i++) {
      const shopper = {
        ...newShopper(),
        name: "Visit http://evil.example/prize or www.evil.example",
        email: spellings[i % spellings.length]!,
      };
      const r = await postCheckout([productLine(productId)], { ip: `198.51.100.${i}`, shopper });
      expect(r.status).toBe(201);
    }
    await runQueuedJobs();
    const mails = outbox(t.dataDir).rawMails();
    const toVictim = mails.filter((m) => /^To: .*(gmail|googlemail)\.com/im.test(m));
    const toShop = mails.filter((m) => /^To: orders@neonlights\.in/im.test(m));
    expect(toVictim).toHaveLength(3);
    expect(toShop).toHaveLength(10);
    const decoded = (m: string) =>
      m
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    for (const m of toVictim) {
      // Quoted-printable or not, the shopper's link never appears as a link or a clickable address.
      const body = decoded(m);
      expect(body).not.toContain("http://evil.example");
      expect(body).not.toContain("www.evil.example");
      // The only links are the shop's own: each order's page and the shop's home, on the shop's address.
      const hrefs = [...body.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((x) => x[1]);
      expect(body.match(/<a\s/gi)?.length ?? 0).toBe(hrefs.length);
      expect(hrefs.some((h) => /^http:\/\/localhost:3000\/orders\/[0-9a-f]{64}$/.test(h!))).toBe(true);
      // (A COD order's mail also asks to confirm it: the same page with ?cod=confirm or ?cod=cancel, issue 30.)
      for (const href of hrefs)
        expect(href).toMatch(
          /^http:\/\/localhost:3000(\/orders\/[0-9a-f]{64}(\?cod=(confirm|cancel)#cod-confirmation)?)?$/,
        );
    }
    // The shop's own notice goes to its staff only: it writes what the shopper typed as typed (escaped, not
    // made inert), and the shopper's address so that staff can copy it (issue 27, item 10).
    // (The notices are read in their file names' order, not the orders': each names its own shopper.)
    const notices = outbox(t.dataDir).mails("shop-notice");
    expect(notices).toHaveLength(10);
    const named = notices.map((notice) => {
      expect(notice).toContain("Visit http://evil.example/prize or www.evil.example");
      expect(notice).not.toMatch(/[\uFF20\u2024]/);
      return spellings.find((spelling) => notice.includes(`<${spelling}>`));
    });
    expect(new Set(named)).toEqual(new Set(spellings));
  });
});
