import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/platform/db/tables.server";
import { db } from "~/platform/db/client.server";
import { displayId } from "~/features/order-lifecycle/order-status";
import type { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { packFile } from "~/features/workshop/production-pack.server";
import { loader } from "~/features/workshop/routes/admin-pack-file";
import { adminSession, shopRequest } from "../support/admin-session";
import { insertCustomOrder, insertOrder } from "../support/orders";
import { removeReaderFiles, renderSvg, readDxf, runReaderTests } from "../support/pack-readers";
import { pdfActualTexts, pdfText } from "../support/pdf-text";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

/*
 * The production pack's downloads (issue 44): who may download, what a missing design answers, and the files
 * of real designs ("Hello" in Orbitron, Hindi in Baloo 2) measured by the geometry engine and opened by
 * independent readers.
 */

setupTestDatabase();
afterAll(removeReaderFiles);

type CustomOrder = typeof customNeonOrders.$inferSelect;
let hello: CustomOrder;
let hindi: CustomOrder;
let logo: CustomOrder;
let productOrderId: string;

const path = (id: string, file: string) => `/admin/orders/${id}/pack/${file}`;
const download = (request: Request, id: string, file: string) =>
  outcome(callRoute(loader, request, { id, file }, { clientIp: "203.0.113.9" }));
async function asRole(role: "owner" | "operations" | "catalogue" | "accounts", id: string, file: string) {
  const s = await adminSession(undefined, { role });
  return download(s.request(path(id, file)), id, file);
}

beforeAll(async () => {
  hello = await insertCustomOrder({ deliveryDaysMin: 5, deliveryDaysMax: 8, hasDimmer: true });
  hindi = await insertCustomOrder({
    customText: "नमस्ते\nदुनिया",
    fontStyle: "baloo-2",
    neonColor: "blue",
    size: "L",
    backingShape: "rectangle",
    makeWarnings: "Line 2: letters about 3.1 cm high: close to the smallest the tube bends.",
  });
  logo = await insertCustomOrder({ customText: "Logo (quote LQ-1)", fontStyle: "Logo artwork" });
  productOrderId = (await insertOrder({}, [{ price: 1999 }])).id;
});

describe("GET /admin/orders/:id/pack/:file: who may download", () => {
  it("sends a signed-out visitor to the sign-in page", async () => {
    const r = await download(shopRequest(path(hello.id, "sign.svg")), hello.id, "sign.svg");
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/login");
  });

  it("refuses Catalogue and Accounts (403), lets Operations (production, shipping) and the Owner download", async () => {
    expect((await asRole("catalogue", hello.id, "sign.svg")).status).toBe(403);
    expect((await asRole("accounts", hello.id, "sign.dxf")).status).toBe(403);
    expect((await asRole("operations", hello.id, "sign.svg")).status).toBe(200);
    expect((await asRole("owner", hello.id, "sign.svg")).status).toBe(200);
  });
});

describe("GET /admin/orders/:id/pack/:file: what there is no pack for", () => {
  it("answers 404 for a product order, an unknown or malformed id, a logo sign and an unknown file", async () => {
    const owner = await adminSession(undefined, { role: "owner" });
    const get = (id: string, file: string) => download(owner.request(path(id, file)), id, file);
    for (const [id, file] of [
      [productOrderId, "sign.dxf"],
      ["00000000-0000-4000-8000-000000000000", "sign.dxf"],
      ["not-a-uuid", "sign.svg"],
      [logo.id, "job-sheet.pdf"],
      [hello.id, "sign.exe"],
    ] as const) {
      const r = await get(id, file);
      expect(r.status, `${id} ${file}`).toBe(404);
    }
    expect((await get(logo.id, "sign.svg")).body).toContain("no production pack");
  });
});

describe("the pack of a custom order", () => {
  it("answers each file with its type and a name from the order number, and audits the download", async () => {
    const owner = await adminSession(undefined, { role: "owner" });
    const number = displayId("custom", hello.id);
    const types = {
      "sign.svg": "image/svg+xml; charset=utf-8",
      "sign.dxf": "application/dxf",
      "print.pdf": "application/pdf",
      "job-sheet.pdf": "application/pdf",
    };
    for (const [file, type] of Object.entries(types)) {
      const r = await callRoute(loader, owner.request(path(hello.id, file)), { id: hello.id, file }, {});
      expect(r).toBeInstanceOf(Response);
      const res = r as Response;
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${number}-${file}"`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "production-pack"), eq(auditLog.actorId, owner.userId)));
    expect(rows.map((r) => (r.after as { file: string }).file).sort()).toEqual(Object.keys(types).sort());
    expect(rows.every((r) => r.subject === number && r.kind === "export")).toBe(true);
  });

  it("writes the job sheet: order number, due date, text, figures, warnings, and Hindi as typed", async () => {
    const sheet = await packFile(hindi.id, "job-sheet.pdf");
    if (!sheet.ok) throw new Error(sheet.message);
    const text = (await pdfText(sheet.bytes)).replace(/\s+/g, " ");
    expect(text).toContain(`Job sheet · ${displayId("custom", hindi.id)}`);
    expect(text).toContain("Large (70cm)");
    expect(text).toContain("Rectangle");
    expect(text).toContain("letters about 3.1 cm high");
    expect(text).toMatch(/LED flex \d+\.\d\d m Electric Blue/);
    expect(pdfActualTexts(sheet.bytes).join("|")).toContain("नमस्ते");
    const dueHello = await packFile(hello.id, "job-sheet.pdf");
    if (!dueHello.ok) throw new Error(dueHello.message);
    expect(await pdfText(dueHello.bytes)).toMatch(/Due \w{3} \d{1,2} \w{3} \d{4} \(delivery promised\)/);
    expect(await pdfText(sheet.bytes)).toContain("No promised date");
  });
});

describe.skipIf(!runReaderTests)("real designs' files in independent readers", () => {
  for (const [name, order] of [
    ["Hello in Orbitron, M, cut to shape", () => hello],
    ["Hindi in Baloo 2, L, rectangle", () => hindi],
  ] as const) {
    it(`${name}: ezdxf audits the DXF clean (mm, layers, extents) and rsvg-convert renders the SVG at size`, async () => {
      const dxf = await packFile(order().id, "sign.dxf");
      const svg = await packFile(order().id, "sign.svg");
      if (!dxf.ok || !svg.ok) throw new Error("no pack");
      // The drawing's size, as the SVG states it.
      const m = /width="([\d.]+)mm" height="([\d.]+)mm"/.exec(svg.bytes.toString("utf8"))!;
      const [w, h] = [Number(m[1]), Number(m[2])];
      const report = readDxf(dxf.bytes.toString("utf8"), `${order().id}.dxf`);
      expect(report.errors).toEqual([]);
      expect(report.units).toBe(4);
      expect(report.byLayer.LETTERS).toBeGreaterThan(0);
      expect(report.byLayer.LED).toBeGreaterThan(0);
      expect(report.byLayer.BACKING).toBe(1);
      expect(report.byLayer.HOLES).toBeGreaterThanOrEqual(2);
      expect(report.max[0]! - report.min[0]!).toBeCloseTo(w, 1);
      expect(report.max[1]! - report.min[1]!).toBeCloseTo(h, 1);
      const png = renderSvg(svg.bytes.toString("utf8"), 25.4, `${order().id}.svg`);
      expect(Math.abs(png.width - w)).toBeLessThanOrEqual(1);
      expect(Math.abs(png.height - h)).toBeLessThanOrEqual(1);
    });
  }
});
