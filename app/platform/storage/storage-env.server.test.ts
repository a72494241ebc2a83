import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/platform/http/csp.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { envError as refusal } from "../../../tests/support/env-error";
import { LocalObjectStore } from "./local-store.server";
import { createObjectStore, objectStore, publicImageBase } from "./object-store.server";
import { S3ObjectStore } from "./s3-store.server";

const base = { DATA_DIR: "/tmp/neon-env-test", PUBLIC_URL: "https://neonlights.in" };
const r2 = {
  S3_BUCKET: "neon-images",
  S3_ENDPOINT: "https://abc123.r2.cloudflarestorage.com",
  S3_REGION: "auto",
  S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
  S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};

const envError = (vars: Record<string, string>) => refusal({ ...base, ...vars });

describe("object storage settings", () => {
  it("uses DATA_DIR/uploads when no bucket is named", () => {
    const e = parseEnv(base);
    const store = createObjectStore(e);
    expect(store).toBeInstanceOf(LocalObjectStore);
    expect(store.kind).toBe("local");
    expect(store.publicBase).toBe("/uploads");
    expect((store as LocalObjectStore).root).toBe("/tmp/neon-env-test/uploads");
  });

  it("chooses the bucket when S3_BUCKET is set, serving through /uploads or the public address", () => {
    const proxied = createObjectStore(parseEnv({ ...base, ...r2 }));
    expect(proxied).toBeInstanceOf(S3ObjectStore);
    expect(proxied.publicBase).toBe("/uploads");
    expect(proxied.description).toBe("bucket neon-images at abc123.r2.cloudflarestorage.com");
    expect(proxied.description).not.toContain(r2.S3_SECRET_ACCESS_KEY);
    const cdn = createObjectStore(
      parseEnv({ ...base, ...r2, S3_PUBLIC_URL: "https://img.neonlights.in/", S3_PREFIX: "shop" }),
    );
    expect(cdn.publicBase).toBe("https://img.neonlights.in/shop");
    expect(cdn.publicUrl("k/320.webp")).toBe("https://img.neonlights.in/shop/k/320.webp");
    // AWS itself: no endpoint, credentials from the SDK's usual chain.
    expect(createObjectStore(parseEnv({ ...base, S3_BUCKET: "neon-images" })).description).toBe(
      "bucket neon-images at AWS S3",
    );
  });

  it("refuses bad or incomplete combinations, naming the variable", () => {
    expect(envError({ S3_ENDPOINT: "https://minio.local:9000" })).toMatch(
      /S3_BUCKET: must be set when S3_ENDPOINT is set/,
    );
    expect(envError({ S3_PUBLIC_URL: "https://img.example.com", S3_PREFIX: "x/" })).toMatch(
      /S3_BUCKET: must be set when S3_PUBLIC_URL, S3_PREFIX are set/,
    );
    expect(envError({ ...r2, S3_SECRET_ACCESS_KEY: "" })).toMatch(
      /S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID/,
    );
    expect(envError({ ...r2, S3_ACCESS_KEY_ID: "" })).toMatch(
      /S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY/,
    );
    expect(envError({ ...r2, S3_BUCKET: "Bad_Bucket!" })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(envError({ ...r2, S3_ENDPOINT: "ftp://x" })).toMatch(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(envError({ ...r2, S3_PUBLIC_URL: "img.example.com" })).toMatch(/S3_PUBLIC_URL/);
    expect(envError({ ...r2, S3_PUBLIC_URL: "https://img.example.com/?v=1" })).toMatch(
      /S3_PUBLIC_URL: must not have a query/,
    );
    expect(envError({ ...r2, S3_PREFIX: "../up" })).toMatch(/S3_PREFIX: must be a folder name/);
    expect(envError({ ...r2, S3_PREFIX: "/abs" })).toMatch(/S3_PREFIX/);
    expect(envError({ ...r2, S3_FORCE_PATH_STYLE: "yes" })).toMatch(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
    expect(envError({ ...r2, S3_REGION: "US East" })).toMatch(/S3_REGION: must be a region name/);
    // A secret never appears in a message about another variable.
    expect(envError({ ...r2, S3_REGION: "US East" })).not.toContain(r2.S3_SECRET_ACCESS_KEY);
  });

  it("lets pages load images from the public address (CSP img-src), and only from there", () => {
    setEnv(parseEnv({ ...base, ...r2, S3_PUBLIC_URL: "https://img.neonlights.in/shop" }));
    expect(publicImageBase()).toBe("https://img.neonlights.in/shop");
    expect(contentSecurityPolicy("n0nce", "/")).toContain(
      "img-src 'self' data: blob: https://img.neonlights.in;",
    );
    expect(contentSecurityPolicy("n0nce", "/admin/products")).toContain(
      "img-src 'self' data: blob: https://img.neonlights.in;",
    );
    setEnv(parseEnv({ ...base, ...r2 }));
    expect(objectStore()).toBeInstanceOf(S3ObjectStore);
    expect(publicImageBase()).toBe("/uploads");
    expect(contentSecurityPolicy("n0nce", "/")).toContain("img-src 'self' data: blob:;");
    setEnv(parseEnv(base));
    expect(objectStore()).toBeInstanceOf(LocalObjectStore);
  });
});
