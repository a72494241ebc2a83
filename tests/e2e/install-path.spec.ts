import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { root, startShop, type ShopProcess } from "../support/shop-process.mjs";
import { allow } from "./time-allowed";

// Issue 26: the shop installed under a folder whose path has a dot-segment (~/.local/..., /home/me/.apps/shop)
// serves its scripts and stylesheets like anywhere else. The project is copied (its build, sources and
// configuration, node_modules linked) under `<tmp>/.apps/shop` and started from there.

let copy: string;
let app: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(allow(240_000));
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "neon-install-"));
  copy = path.join(base, ".apps", "shop");
  fs.mkdirSync(copy, { recursive: true });
  // Everything a clone has (and the build), but not the data, test output or git's own folder.
  const skip = new Set(["node_modules", ".git", "data", "test-data", "test-results", "playwright-report"]);
  for (const entry of fs.readdirSync(root).filter((e) => !skip.has(e)))
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  app = await startShop({}, { root: copy, timeoutMs: 200_000 });
});

test.afterAll(async () => {
  await app?.stop();
  if (copy) fs.rmSync(path.dirname(path.dirname(copy)), { recursive: true, force: true });
});

test("a shop installed under a dot-folder serves its scripts and styles, and the page runs", async ({
  page,
}) => {
  const failed: string[] = [];
  page.on("response", (r) => {
    if (/\/assets\//.test(r.url()) && r.status() !== 200) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${app.url}/products`);
  const assets = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
        "link[rel=stylesheet], script[src], link[rel=modulepreload]",
      ),
    ].map((e) => ("href" in e && e.href) || (e as HTMLScriptElement).src),
  );
  expect(assets.length).toBeGreaterThan(1);
  for (const url of assets) {
    const res = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status, url).toBe(200);
  }
  // The page's scripts ran (the root marks the document once React has hydrated) and its styles applied.
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached({ timeout: 15_000 });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    "rgba(0, 0, 0, 0)",
  );
  expect(failed).toEqual([]);
});
