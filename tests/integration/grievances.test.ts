import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import {
  grievanceCounters,
  grievanceLinks,
  grievanceMessages,
  grievances,
} from "~/features/grievances/tables.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { resetLimitPrefix } from "~/platform/limits/rate-limit.server";
import { complaintSchema, istYear } from "~/features/grievances/grievances";
import { raiseGrievance, ticketForShopper } from "~/features/grievances/grievances.server";
import { grievanceForStaff, grievanceWarnings } from "~/features/grievances/grievance-desk.server";
import {
  complaintPageLoader,
  complaintReplyAction,
  raiseComplaintAction,
} from "~/features/grievances/routes/complaint-routes.server";
import { adminComplaintAction } from "~/features/grievances/routes/admin-complaints.server";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { insertOrder, NO_ORDER_LIMITS } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { referencedImageKeys } from "~/wiring/upload-references.server";
import { ownerTodos } from "~/features/dashboard/routes/dashboard-queue.server";

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ...NO_ORDER_LIMITS });
beforeEach(async () => {
  setEnv(t.env);
  // Each test starts with fresh limits (the flood test fills them on purpose).
  for (const l of ["complaintPerClient", "intakePerContact", "complaintReplyPerClient"] as const)
    await resetLimitPrefix(l, "");
});

let staff: AdminSession;
beforeAll(async () => {
  staff = await adminSession("desk@example.com");
});

let ipCount = 0;
const newIp = () => `198.51.100.${++ipCount}`;
let mailboxCount = 0;
const fields = (over: Record<string, string> = {}) => ({
  name: "Asha Verma",
  email: `asha.${++mailboxCount}@example.in`,
  phone: "",
  orderNumber: "",
  category: "damaged",
  description: "The sign arrived with a cracked acrylic backing.",
  ...over,
});

type Answer = {
  data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
  init: { status?: number } | null;
};

/** POST /complaints/new as a browser on the shop's page; a redirect (success) is returned as its Response. */
async function raise(
  f: Record<string, string>,
  o: { ip?: string; origin?: string | null; photo?: Buffer } = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(f)) fd.set(k, v);
  if (o.photo) fd.set("photo", new Blob([new Uint8Array(o.photo)], { type: "image/png" }), "photo.png");
  try {
    return (await raiseComplaintAction({
      request: shopRequest("/complaints/new", { form: fd, origin: o.origin }),
      context: { clientIp: o.ip ?? newIp() },
    })) as unknown as Answer;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const tokenOf = (r: Response | Answer) => {
  if (!(r instanceof Response)) throw new Error(`not raised: ${JSON.stringify(r.data)}`);
  return /^\/complaints\/([0-9a-f]{64})\?raised=1$/.exec(r.headers.get("Location") ?? "")![1]!;
};
const count = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(grievances)
  )[0]!.n;
const mails = () => outbox(t.dataDir).mails();
const idOf = async (number: string) =>
  (await db().select().from(grievances).where(eq(grievances.number, number)))[0]!;

async function staffPost(id: string, form: Record<string, string>, session: AdminSession | null = staff) {
  const request = session
    ? session.request(`/admin/complaints/${id}`, { form })
    : shopRequest(`/admin/complaints/${id}`, { form });
  try {
    return (await adminComplaintAction({
      request,
      params: { id },
      context: { clientIp: "203.0.113.9" },
    })) as unknown as Answer;
  } catch (e) {
    if (e instanceof Response) return { data: { ok: false }, init: { status: e.status } };
    throw e;
  }
}

describe("raising a complaint", () => {
  it("gives a ticket number and a private link at once, mails the shopper and the grievance officer", async () => {
    const f = fields();
    const r = await raise(f, {
      photo: await sharp({ create: { width: 40, height: 30, channels: 3, background: "#f0a" } })
        .png()
        .toBuffer(),
    });
    const token = tokenOf(r);
    const page = await ticketForShopper(token);
    expect(page!.number).toMatch(new RegExp(`^GR-${istYear(new Date())}-\\d{6}$`));
    expect(page).toMatchObject({ status: "open", category: "Damaged or faulty sign", orderRef: null });
    expect(page!.photo?.src).toMatch(/^\/uploads\/.+\.webp$/);
    // The orphan sweep keeps the photo: a complaint row points to it.
    const { attachmentKey } = await idOf(page!.number);
    expect(await referencedImageKeys([attachmentKey!])).toEqual(new Set([attachmentKey]));
    expect(page!.messages[0]!.body).toBe(f.description);

    await runQueuedJobs();
    const receipt = mails().find((m) => m.includes(`Your ticket number is ${page!.number}`));
    expect(receipt).toBeDefined();
    // The mail's link is a fresh one (only hashes are kept), and it opens the same ticket.
    const mailed = /\/complaints\/([0-9a-f]{64})/.exec(receipt!)![1]!;
    expect(mailed).not.toBe(token);
    expect((await ticketForShopper(mailed))!.number).toBe(page!.number);
    const notice = outbox(t.dataDir)
      .rawMails()
      .find((m) => m.includes(`New complaint ${page!.number}`));
    // To the grievance officer of the settings (no one is assigned yet).
    const officer = (await loadShopSettings()).settings.grievance.email;
    expect(notice).toMatch(new RegExp(`^To: ${officer.replace(/\./g, "\\.")}`, "m"));
    expect(
      mails().some((m) => m.includes(`raised complaint ${page!.number}`) && m.includes(f.description)),
    ).toBe(true);
  });

  it("answers bad input with each field's message and writes nothing", async () => {
    const before = await count();
    const counters = await db().select().from(grievanceCounters);
    const r = (await raise({
      name: "",
      email: "not-an-email",
      phone: "12",
      orderNumber: "my order",
      category: "angry",
      description: "",
    })) as Answer;
    expect(r.init?.status).toBe(400);
    expect(Object.keys(r.data.fieldErrors ?? {}).sort()).toEqual(
      ["category", "description", "email", "name", "orderNumber", "phone"].sort(),
    );
    const notAPhoto = (await raise(fields(), { photo: Buffer.from("%PDF-1.4 not an image") })) as Answer;
    expect(notAPhoto.init?.status).toBe(400);
    expect(notAPhoto.data.fieldErrors?.photo).toMatch(/PNG, JPEG or WebP/);
    expect(await count()).toBe(before);
    expect(await db().select().from(grievanceCounters)).toEqual(counters);
  });

  it("refuses a post from another site, a huge body, and floods per network and per contact", async () => {
    const cross = await raise(fields(), { origin: "https://evil.example" });
    expect(cross instanceof Response && cross.status).toBe(403);

    const huge = (await raise(fields(), { photo: Buffer.alloc(6 * 1024 * 1024, 1) })) as Answer;
    expect(huge.init?.status).toBe(413);

    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const r = await raise(fields(), { ip });
      statuses.push(r instanceof Response ? r.status : r.init?.status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);

    // One mailbox, many networks: 3 a day.
    const same = fields();
    const perContact = [];
    for (let i = 0; i < 4; i++) {
      const r = await raise(same);
      perContact.push(r instanceof Response ? r.status : r.init?.status);
    }
    expect(perContact).toEqual([302, 302, 302, 429]);
  });

  it("ties the ticket to the order only when number and contact match, and answers the same either way", async () => {
    const order = await insertOrder({
      customerEmail: "owner.of.order@example.in",
      customerPhone: "+919812300000",
    });
    const ref = `NL${order.id.slice(0, 8).toUpperCase()}`;
    const mine = tokenOf(await raise(fields({ email: "owner.of.order@example.in", orderNumber: ref })));
    const stranger = tokenOf(await raise(fields({ email: "stranger@example.in", orderNumber: ref })));
    const byPhone = tokenOf(
      await raise(
        fields({ email: "other.box@example.in", phone: "98123 00000", orderNumber: ref.toLowerCase() }),
      ),
    );
    const rows = async (token: string) => idOf((await ticketForShopper(token))!.number);
    expect((await rows(mine)).orderId).toBe(order.id);
    expect((await rows(byPhone)).orderId).toBe(order.id);
    expect((await rows(stranger)).orderId).toBeNull();
    expect((await rows(stranger)).orderRef).toBe(ref);
    // The stranger's page shows what they typed, nothing of the order.
    const page = await ticketForShopper(stranger);
    expect(JSON.stringify(page)).not.toContain("owner.of.order");
    const staffView = await grievanceForStaff((await rows(mine)).id);
    expect(staffView!.order).toEqual({ ref, href: `/admin/purchases?order=${order.id}` });
  });

  it("numbers complaints consecutively under concurrency, never twice", async () => {
    const input = complaintSchema.parse(fields());
    const before =
      (
        await db()
          .select()
          .from(grievanceCounters)
          .where(eq(grievanceCounters.year, istYear(new Date())))
      )[0]?.lastNumber ?? 0;
    const results = await Promise.all(Array.from({ length: 40 }, () => raiseGrievance(input, null, newIp())));
    const seqs = results.map((r) => (r.ok ? Number(r.number.slice(8)) : -1)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => before + i + 1));
    // A year starts again at 1.
    const nextYear = await raiseGrievance(input, null, newIp(), new Date("2031-01-01T00:10:00+05:30"));
    expect(nextYear.ok && nextYear.number).toBe("GR-2031-000001");
  });
});

describe("a ticket's private page", () => {
  it("opens only with its own token: another person's ticket, a guess or a stored hash is a 404", async () => {
    const a = tokenOf(await raise(fields({ description: "Ticket A's words" })));
    const b = tokenOf(await raise(fields({ description: "Ticket B's words" })));
    expect((await ticketForShopper(a))!.messages[0]!.body).toBe("Ticket A's words");
    expect((await ticketForShopper(b))!.messages[0]!.body).toBe("Ticket B's words");
    const notFound = async (token: string) => {
      try {
        await complaintPageLoader(token, { clientIp: newIp() });
        return "found";
      } catch (e) {
        return (e as { init?: { status?: number } }).init?.status;
      }
    };
    expect(await notFound("0".repeat(64))).toBe(404);
    expect(await notFound(`${a.slice(0, 63)}${a[63] === "0" ? "1" : "0"}`)).toBe(404);
    expect(await notFound("../admin")).toBe(404);
    // The database holds only hashes: a copy of it opens nothing.
    const [link] = await db().select().from(grievanceLinks).limit(1);
    expect(await notFound(link!.tokenHash)).toBe(404);
    const dump = JSON.stringify([
      await db().select().from(grievanceLinks),
      await db().select().from(grievances),
    ]);
    expect(dump).not.toContain(a);
    expect(dump).not.toContain(b);
    // 256 random bits: no two of the links made here share a prefix that could be guessed.
    const tokens = await db().select({ h: grievanceLinks.tokenHash }).from(grievanceLinks);
    expect(new Set(tokens.map((x) => x.h)).size).toBe(tokens.length);
  });

  it("takes the shopper's replies, rate-limited per ticket", async () => {
    const token = tokenOf(await raise(fields()));
    const post = async (body: string) =>
      (await complaintReplyAction({
        request: shopRequest(`/complaints/${token}`, { form: { body } }),
        context: { clientIp: newIp() },
        params: { token },
      })) as unknown as Answer;
    expect((await post("")).init?.status).toBe(400);
    expect((await post("Any news?")).data.ok).toBe(true);
    const page = await ticketForShopper(token);
    expect(page!.messages.map((m) => m.body)).toContain("Any news?");
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(`again ${i}`)).init?.status ?? 200);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
  });
});

describe("staff's desk", () => {
  it("replies reach the outbox and the shopper's page; internal notes never do", async () => {
    const token = tokenOf(await raise(fields()));
    const { number } = (await ticketForShopper(token))!;
    const { id } = await idOf(number);
    expect(
      (await staffPost(id, { intent: "note", body: "Courier photo shows the box crushed (INTERNAL)" })).data
        .ok,
    ).toBe(true);
    expect(
      (await staffPost(id, { intent: "reply", body: "Sorry! A replacement leaves tomorrow." })).data.ok,
    ).toBe(true);
    await runQueuedJobs();
    const reply = mails().find((m) => m.includes(`We have replied to your complaint ${number}`));
    expect(reply).toContain("A replacement leaves tomorrow.");
    expect(mails().some((m) => m.includes("(INTERNAL)"))).toBe(false);
    const page = await ticketForShopper(token);
    expect(page!.status).toBe("acknowledged"); // the reply acknowledged it
    expect(page!.messages.map((m) => m.body)).toContain("Sorry! A replacement leaves tomorrow.");
    expect(JSON.stringify(page)).not.toContain("INTERNAL");
    const staffView = await grievanceForStaff(id);
    expect(staffView!.messages.map((m) => m.kind)).toEqual(["note", "event", "staff"]);
  });

  it("resolves only with a resolution, mails it, and a shopper's reply or staff reopen it", async () => {
    const token = tokenOf(await raise(fields()));
    const { number } = (await ticketForShopper(token))!;
    const { id } = await idOf(number);
    const empty = await staffPost(id, { intent: "resolve", resolution: "  " });
    expect(empty.init?.status).toBe(400);
    expect(empty.data.fieldErrors?.resolution).toMatch(/Write the resolution/);
    expect((await idOf(number)).status).toBe("open");
    // The table refuses a resolved ticket without one, whatever the code does.
    await expect(
      db()
        .update(grievances)
        .set({ status: "resolved", resolvedAt: new Date(), acknowledgedAt: new Date() })
        .where(eq(grievances.id, id)),
    ).rejects.toThrow();

    expect((await staffPost(id, { intent: "resolve", resolution: "Refunded ₹1,499 in full." })).data.ok).toBe(
      true,
    );
    expect(await staffPost(id, { intent: "resolve", resolution: "again" })).toMatchObject({
      init: { status: 409 },
    });
    await runQueuedJobs();
    expect(
      mails().some(
        (m) =>
          m.includes(`We have resolved your complaint ${number}`) && m.includes("Refunded ₹1,499 in full."),
      ),
    ).toBe(true);
    expect(await ticketForShopper(token)).toMatchObject({
      status: "resolved",
      resolution: "Refunded ₹1,499 in full.",
    });

    expect((await staffPost(id, { intent: "reopen" })).data.ok).toBe(true);
    expect(await idOf(number)).toMatchObject({ status: "acknowledged", resolution: null });
    expect((await staffPost(id, { intent: "reopen" })).init?.status).toBe(409);

    // Resolved again, then the shopper is not satisfied: their reply reopens it.
    expect((await staffPost(id, { intent: "resolve", resolution: "Replacement sent." })).data.ok).toBe(true);
    const answer = (await complaintReplyAction({
      request: shopRequest(`/complaints/${token}`, { form: { body: "The replacement is broken too." } }),
      context: { clientIp: newIp() },
      params: { token },
    })) as unknown as Answer;
    expect(answer.data.message).toMatch(/reopened/);
    expect(await ticketForShopper(token)).toMatchObject({ status: "acknowledged", resolution: null });
  });

  it("assigns to staff, refuses unknown staff, and is for admins only", async () => {
    const token = tokenOf(await raise(fields()));
    const { id } = await idOf((await ticketForShopper(token))!.number);
    expect((await staffPost(id, { intent: "assign", staffId: staff.userId })).data.ok).toBe(true);
    expect((await idOf((await ticketForShopper(token))!.number)).assignedTo).toBe(staff.userId);
    expect(
      (await staffPost(id, { intent: "assign", staffId: "00000000-0000-4000-8000-000000000000" })).init
        ?.status,
    ).toBe(400);
    expect((await staffPost(id, { intent: "acknowledge" }, null)).init?.status).toBe(401);
    const unknown = await staffPost("00000000-0000-4000-8000-000000000000", { intent: "acknowledge" });
    expect(unknown.init?.status).toBe(404);
    expect(
      await db().select().from(grievanceMessages).where(eq(grievanceMessages.grievanceId, id)),
    ).toHaveLength(0);
  });

  it("counts tickets near and past their clocks for the dashboard", async () => {
    await db()
      .update(grievances)
      .set({ status: "resolved", resolvedAt: new Date(), acknowledgedAt: new Date(), resolution: "done" })
      .where(sql`status <> 'resolved'`);
    const input = complaintSchema.parse(fields());
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await raiseGrievance(input, null, newIp(), hoursAgo(1)); // running
    await raiseGrievance(input, null, newIp(), hoursAgo(40)); // acknowledgement due within 12 hours
    await raiseGrievance(input, null, newIp(), hoursAgo(49)); // acknowledgement overdue
    await raiseGrievance(input, null, newIp(), hoursAgo(24 * 40)); // both overdue
    expect(await grievanceWarnings()).toEqual({
      toAcknowledge: 4,
      acknowledgeOverdue: 2,
      acknowledgeNear: 1,
      toResolve: 4,
      resolveOverdue: 1,
      resolveNear: 0,
    });
    // The dashboard's to-do queue says so, in red.
    const lines = await ownerTodos();
    expect(lines.find((l) => l.id === "complaint-ack")).toMatchObject({
      count: 4,
      alert: "2 overdue, 1 due within 12 hours",
      href: "/admin/complaints?status=new",
    });
    expect(lines.find((l) => l.id === "complaint-resolve")).toMatchObject({ count: 4, alert: "1 overdue" });
  });
});
