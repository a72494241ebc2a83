import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createRequire } from "node:module";
import { expect, shopDatabase, test } from "./fixtures";
import { allow } from "./time-allowed";

// The shop's pages are valid HTML by the W3C's Nu Html Checker (issue 27; decision 038): the server-rendered
// HTML of the main public pages, checkout, order lookup and admin sign-in of the production build, checked
// by vnu.jar (the npm package vnu-jar, pinned) on the machine's Java, errors only.
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const run = promisify(execFile);
const query = shopDatabase();

type VnuMessage = {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

test("the main pages, checkout, order lookup and admin sign-in have no HTML errors", async ({ request }) => {
  test.setTimeout(allow(120_000));
  const product = (
    await query<{ id: string }>("select id from products where is_active order by created_at limit 1")
  ).rows[0]!;
  const pages = [
    "/",
    "/products",
    `/products/${product.id}`,
    "/customize",
    "/customize/logo",
    "/contact",
    "/shipping-info",
    "/return-policy",
    "/privacy-policy",
    "/terms-of-service",
    "/review-policy",
    "/checkout",
    "/orders",
    "/my-data",
    "/admin/login",
    "/no-such-page",
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  const files = new Map<string, string>();
  try {
    for (const [i, p] of pages.entries()) {
      const res = await request.get(p);
      expect(res.status(), p).toBe(p === "/no-such-page" ? 404 : 200);
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, await res.text());
      files.set(`file:${file}`, p);
    }
    // A page known to be wrong, so a checker that reads nothing cannot pass.
    const canary = path.join(dir, "canary.html");
    fs.writeFileSync(
      canary,
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><span aria-label="x">x</span></body></html>',
    );
    files.set(`file:${canary}`, "canary");
    // vnu exits 1 when it reports errors: the report on stderr is what counts.
    const out = await run(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", ...[...files.keys()].map((f) => f.slice(5))],
      {
        maxBuffer: 20 * 1024 * 1024,
      },
    ).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(out.stderr || '{"messages": []}') as { messages: VnuMessage[] };
    const found = report.messages.filter((m) => m.type === "error" || m.subType === "fatal");
    expect(found.filter((m) => files.get(m.url) === "canary").map((m) => m.message)).toEqual([
      expect.stringContaining("aria-label"),
    ]);
    const errors = found
      .filter((m) => files.get(m.url) !== "canary")
      .map(
        (m) =>
          `${files.get(m.url) ?? m.url}:${m.lastLine ?? "?"}: ${m.message} [${(m.extract ?? "").slice(0, 120)}]`,
      );
    expect(errors).toEqual([]);
    expect(report.messages.filter((m) => m.type === "non-document-error")).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
