import { describe, expect, it } from "vitest";
import { formatRupees } from "~/shared/money";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { db } from "~/platform/db/client.server";
import { shopNoticeBacklog } from "~/features/order-lifecycle/tables.server";
import { sendShopDigest } from "~/features/order-lifecycle/shop-notice-digest.server";
import { makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, postCheckout } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

// Issue 42: "no order goes unannounced". Past the shop's hourly notice limit (3 here), notices are kept and
// mailed together by the digest job: never dropped.
const t = setupTestDatabase({
  ...NO_ORDER_LIMITS,
  SHOP_NOTIFY_EMAIL: "orders@neonlights.in",
  SHOP_NOTICES_PER_HOUR: "3",
});

describe("notices to the shop under a flood", () => {
  it("sends the first 3 one by one and the next 4 in one digest listing each order; nothing is lost", async () => {
    const productId = (await makeProduct(await makeCategory(), { stockQuantity: 100, mediumPrice: 10053 }))
      .id;
    const placed: { ids: string[]; total: number }[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await postCheckout([productLine(productId)], { ip: `198.51.100.${i + 10}` });
      expect(r.status).toBe(201);
      const c = r.body.checkout as { orderIds: string[]; totalAmount: number };
      placed.push({ ids: c.orderIds, total: c.totalAmount });
    }
    await runQueuedJobs();
    const toShop = () =>
      outbox(t.dataDir)
        .rawMails()
        .filter((m) => /^To: orders@neonlights\.in/im.test(m));
    expect(toShop()).toHaveLength(3);
    expect(await db().select().from(shopNoticeBacklog)).toHaveLength(4);

    expect(await sendShopDigest()).toBe(4);
    const mails = toShop();
    expect(mails).toHaveLength(4);
    const digest = outbox(t.dataDir).mails("shop-digest").join("\n");
    expect(digest).toContain("More notices came in than the shop mails one by one in an hour (3)");
    // Each of the 4 orders kept for the digest is named with its amount.
    const inDigest = placed.filter((p) => p.ids.every((id) => digest.includes(`New order ${id}:`)));
    expect(inDigest).toHaveLength(4);
    for (const p of inDigest) expect(digest).toContain(formatRupees(p.total));
    expect(await db().select().from(shopNoticeBacklog)).toHaveLength(0);
    // Nothing kept: no digest.
    expect(await sendShopDigest()).toBe(0);
    expect(toShop()).toHaveLength(4);
  });
});
