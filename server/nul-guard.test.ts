import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NUL_MESSAGE } from "~/shared/text";
import { refuseNulInAddress } from "./nul-guard";

let base = "";
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.use(refuseNulInAddress);
  app.use((req, res) => void res.send(`reached ${req.path}`));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("a NUL in the address", () => {
  it.each([
    "/products?q=neon%00",
    "/admin/orders?status=%00paid",
    "/admin/audit?who=a%00b",
    "/products/%00",
    "/products?q=%2500%00",
  ])("%s answers 400 with the message", async (url) => {
    const r = await fetch(base + url);
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(NUL_MESSAGE);
  });

  it("lets every other address through (a literal '%2500' is '%00' as text, not a NUL)", async () => {
    for (const url of ["/products?q=neon", "/products?q=100%25", "/products?q=%2500"]) {
      const r = await fetch(base + url);
      expect(r.status, url).toBe(200);
    }
  });
});
