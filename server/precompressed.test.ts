import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePrecompressed } from "./precompressed";

// The build's precompressed JS/CSS copies, served by the same middleware order as server/app.ts.

// Installed under a dot-folder (~/.local/..., /home/me/.apps/shop): only the file's own name may be a dot-file.
const top = fs.mkdtempSync(path.join(os.tmpdir(), "neon-precompressed-"));
const dir = path.join(top, ".apps", "shop", "build", "client", "assets");
fs.mkdirSync(dir, { recursive: true });
const js = "export const answer = 42;\n".repeat(200);
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base = "";

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, "app-abc.js"), js);
  // Each copy carries a marker, so a test can tell a copy from on-the-fly compression of the plain file.
  fs.writeFileSync(path.join(dir, "app-abc.js.br"), zlib.brotliCompressSync(js + "// br copy\n"));
  fs.writeFileSync(path.join(dir, "app-abc.js.gz"), zlib.gzipSync(js + "// gzip copy\n"));
  fs.writeFileSync(path.join(dir, "plain-def.js"), js); // built without copies
  const app = express();
  app.use(compression());
  app.use("/assets", servePrecompressed(dir));
  app.use("/assets", express.static(dir, { index: false }));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(top, { recursive: true, force: true });
});

/** One request with the given Accept-Encoding; fetch decodes br and gzip, so the body must equal the original. */
async function get(p: string, acceptEncoding: string) {
  const res = await fetch(base + p, { headers: { "accept-encoding": acceptEncoding } });
  return { res, body: await res.text() };
}

describe("servePrecompressed", () => {
  it("sends the brotli copy when the browser takes brotli, even listed after gzip", async () => {
    const { res, body } = await get("/assets/app-abc.js", "gzip, deflate, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(body).toBe(js + "// br copy\n");
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    const { res, body } = await get("/assets/app-abc.js", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(body).toBe(js + "// gzip copy\n");
  });

  it("falls through to the plain file (compressed on the fly) when no copy exists", async () => {
    const { res, body } = await get("/assets/plain-def.js", "gzip");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(body).toBe(js);
  });

  it("sends the plain file when the client takes no compression", async () => {
    const { res, body } = await get("/assets/app-abc.js", "identity");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(body).toBe(js);
  });

  it("never serves outside its folder or a missing file", async () => {
    expect((await get("/assets/..%2Fpasswd.js", "br")).res.status).toBe(404);
    expect((await get("/assets/missing.js", "br")).res.status).toBe(404);
    expect((await get("/assets/app-abc.js.br", "br")).res.headers.get("content-encoding")).toBeNull();
  });
});
