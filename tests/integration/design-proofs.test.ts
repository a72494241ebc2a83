import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import { getCustomOrderDetails } from "~/features/orders/admin-order-details.server";
import { db } from "~/platform/db/client.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import {
  answerDesignProof,
  handleProofUpload,
  sendDesignProof,
} from "~/features/design-proofs/design-proofs.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { orderPageAction } from "~/features/order-page/routes/order-page-route.server";
import { proofsForOrderPage } from "~/features/order-page/order-proofs.server";
import { findOrderByToken } from "~/features/order-page/shopper-order.server";
import { objectStore } from "~/platform/storage/object-store.server";
import { customLine, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { adminSession } from "../support/admin-session";
import { NO_ORDER_LIMITS, placeCheckout } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

const t = setupTestDatabase(NO_ORDER_LIMITS);
beforeEach(() => setEnv(t.env));

let actor: Actor;
let categoryId = "";
beforeAll(async () => {
  actor = (await adminSession("proofs@example.com")).actor;
  categoryId = await makeCategory("Proofs");
});

const png = (color: string) =>
  sharp({ create: { width: 120, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer();

const kavya = {
  name: "Kavya Rao",
  phone: "98450 22222",
  email: "kavya.proofs@example.in",
  address1: "12 MG Road",
  city: "Bengaluru",
  state: "karnataka",
  pincode: "560001",
};

async function placeCustom(items: CartItem[] = [customLine("PROOF ME")], whatsappUpdates = false) {
  const placed = await placeCheckout(items, { form: { ...kavya, whatsappUpdates } });
  const token = placed.orderPages.map((p) => p.path.split("/").pop()!);
  const refs = await Promise.all(token.map((x) => findOrderByToken(x)));
  const i = refs.findIndex((x) => x?.kind === "custom");
  return { id: refs[i]!.id, token: token[i]! };
}

const move = (id: string, to: "confirmed" | "in_production", proofOverride?: string) =>
  changeOrderStatus({ intent: "status", kind: "custom", id, to, proofOverride }, actor);

const answer = (token: string, body: Record<string, string>, ip = "198.51.100.7") =>
  orderPageAction(
    token,
    new Request(`http://shop.test/orders/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    }),
    { clientIp: ip },
  ) as unknown as Promise<{ data: Record<string, unknown>; init: { status?: number } | null }>;

const mailbox = outbox(t.dataDir);
const allMails = () => mailbox.mails();
const proofMails = () => allMails().filter((m) => m.includes("design proof"));

describe("design proofs", () => {
  it("sends versions, takes changes then approval, and allows production only after approval", async () => {
    const o = await placeCustom();
    expect((await move(o.id, "confirmed")).ok).toBe(true);

    // No proof yet: production is refused, nothing changes.
    expect(await move(o.id, "in_production")).toMatchObject({ ok: false, field: "proofOverride" });

    const mailsBefore = proofMails().length;
    expect(
      await sendDesignProof(
        { id: o.id, message: "Pink on clear acrylic" },
        { bytes: await png("#ff1493") },
        actor,
      ),
    ).toEqual({ ok: true, version: 1 });
    await runQueuedJobs();
    const mails = proofMails();
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toContain(`/orders/${o.token}`);
    expect(mails.at(-1)).toContain("Pink on clear acrylic");

    // Sent but not answered: still refused.
    expect(await move(o.id, "in_production")).toMatchObject({ ok: false, field: "proofOverride" });

    // The shopper asks for changes: a comment is required.
    const empty = await answer(o.token, { intent: "proof-changes", version: "1", comment: "  " });
    expect(empty.init?.status).toBe(400);
    const changes = await answer(o.token, {
      intent: "proof-changes",
      version: "1",
      comment: "Bigger letters",
    });
    expect(changes.data).toEqual({ ok: true, proofAnswered: "changes_requested" });
    // Answered once: a replay is refused.
    expect((await answer(o.token, { intent: "proof-approve", version: "1" })).init?.status).toBe(409);
    expect(await move(o.id, "in_production")).toMatchObject({ ok: false });
    // The shop hears about the answer, with the comment.
    await runQueuedJobs();
    const notice = allMails().find((m) => m.includes("answered version 1 of the design proof"));
    expect(notice).toContain("Bigger letters");

    // Version 2, approved.
    expect(
      await sendDesignProof({ id: o.id, message: "Bigger letters" }, { bytes: await png("#00ffff") }, actor),
    ).toEqual({ ok: true, version: 2 });
    // The old version cannot be answered any more.
    expect((await answer(o.token, { intent: "proof-approve", version: "1" })).init?.status).toBe(409);
    expect((await answer(o.token, { intent: "proof-approve", version: "9" })).init?.status).toBe(404);
    expect((await answer(o.token, { intent: "proof-approve", version: "2" })).data).toEqual({
      ok: true,
      proofAnswered: "approved",
    });
    const moved = await move(o.id, "in_production");
    expect(moved).toMatchObject({ ok: true, status: "in_production" });

    // The whole exchange is kept, and shown to staff and to the shopper.
    const rows = await db()
      .select()
      .from(designProofs)
      .where(eq(designProofs.customOrderId, o.id))
      .orderBy(asc(designProofs.version));
    expect(rows.map((r) => [r.version, r.state, r.shopperComment])).toEqual([
      [1, "changes_requested", "Bigger letters"],
      [2, "approved", null],
    ]);
    expect(rows.every((r) => r.answeredAt && r.sentByEmail === "proofs@example.com")).toBe(true);
    const staff = await getCustomOrderDetails(o.id);
    expect(staff!.proofs.map((p) => p.state)).toEqual(["changes_requested", "approved"]);
    const shopper = await proofsForOrderPage(o.token);
    expect(shopper.versions.map((p) => [p.version, p.stateLabel])).toEqual([
      [1, "Changes requested"],
      [2, "Approved"],
    ]);
    expect(JSON.stringify(shopper)).not.toContain("proofs@example.com");
    // The picture was re-encoded to WebP in the store.
    const keys: string[] = [];
    for await (const obj of objectStore().list(`${rows[1]!.imageKey}/`)) keys.push(obj.key);
    expect(keys.some((k) => k.endsWith(".webp"))).toBe(true);
  });

  it("sends each proof version on WhatsApp too when the shopper asked for updates there, once each", async () => {
    const o = await placeCustom([customLine("WHATSAPP ME")], true);
    const quiet = await placeCustom([customLine("NO WHATSAPP")], false);
    for (const [id, color] of [
      [o.id, "#ff1493"],
      [o.id, "#00ffff"],
      [quiet.id, "#ffff00"],
    ] as const)
      expect(
        (await sendDesignProof({ id, message: "Have a look" }, { bytes: await png(color) }, actor)).ok,
      ).toBe(true);
    await runQueuedJobs();
    await runQueuedJobs();
    expect(mailbox.files("whatsapp-order-proof-")).toEqual([
      `whatsapp-order-proof-${o.id}-v1.json`,
      `whatsapp-order-proof-${o.id}-v2.json`,
    ]);
    const body = mailbox.messages("whatsapp-order-proof-")[0] as { template: { name: string } };
    expect(body.template.name).toBe("design_proof");
    expect(JSON.stringify(body)).toContain(`/orders/${o.token}`);
  });

  it("lets staff override with a reason, recorded in the order's history", async () => {
    const o = await placeCustom([customLine("RUSH JOB")]);
    await move(o.id, "confirmed");
    expect(await move(o.id, "in_production", "   ")).toMatchObject({ ok: false, field: "proofOverride" });
    expect(await move(o.id, "in_production", "Shopper approved on the phone")).toMatchObject({ ok: true });
    const [h] = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.customOrderId, o.id))
      .orderBy(asc(orderStatusHistory.createdAt))
      .offset(1);
    expect(h).toMatchObject({ toValue: "in_production", changedByEmail: "proofs@example.com" });
    expect(h!.note).toBe("Proof approval overridden (no proof sent): Shopper approved on the phone");
  });

  it("never applies the proof rule to ready-made orders", async () => {
    const p = await makeProduct(categoryId);
    const placed = await placeCheckout([productLine(p.id)], { form: kavya });
    const ref = await findOrderByToken(placed.orderPages[0]!.path.split("/").pop()!);
    const step = (to: "confirmed" | "in_production") =>
      changeOrderStatus({ intent: "status", kind: "order", id: ref!.id, to }, actor);
    expect((await step("confirmed")).ok).toBe(true);
    expect((await step("in_production")).ok).toBe(true);
  });

  it("refuses bad pictures, unknown orders, wrong tokens and answers without a login", async () => {
    const o = await placeCustom([customLine("BAD INPUT")]);
    expect(
      await sendDesignProof({ id: o.id, message: "" }, { bytes: Buffer.from("<svg></svg>") }, actor),
    ).toMatchObject({ ok: false, status: 400, field: "image" });
    expect(await sendDesignProof({ id: o.id, message: "" }, null, actor)).toMatchObject({
      ok: false,
      field: "image",
    });
    expect(
      await sendDesignProof({ id: crypto.randomUUID(), message: "" }, { bytes: await png("#fff") }, actor),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await db().select().from(designProofs).where(eq(designProofs.customOrderId, o.id))).toHaveLength(
      0,
    );

    // A wrong token finds nothing; answering a proof that does not exist is a 404.
    const wrong = "a".repeat(64);
    expect((await answer(wrong, { intent: "proof-approve", version: "1" })).init?.status).toBe(404);
    expect((await answer(o.token, { intent: "proof-approve", version: "1" })).init?.status).toBe(404);
    expect((await proofsForOrderPage(wrong)).versions).toEqual([]);
    expect(
      await answerDesignProof(crypto.randomUUID(), { intent: "proof-approve", version: 1 }),
    ).toMatchObject({ ok: false, status: 404 });

    // Too long a comment changes nothing.
    await sendDesignProof({ id: o.id, message: "" }, { bytes: await png("#f0f") }, actor);
    const long = await answer(o.token, { intent: "proof-changes", version: "1", comment: "x".repeat(1001) });
    expect(long.init?.status).toBe(400);

    // The staff upload needs an admin session.
    const fd = new FormData();
    fd.set("id", o.id);
    fd.set("message", "hi");
    fd.set("image", new Blob([await png("#fff")], { type: "image/png" }), "p.png");
    const refused = await handleProofUpload(
      new Request("http://shop.test/api/admin/design-proofs", {
        method: "POST",
        body: fd,
        headers: { origin: "http://shop.test" },
      }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(401);
    expect(await db().select().from(designProofs).where(eq(designProofs.customOrderId, o.id))).toHaveLength(
      1,
    );
  });
});
