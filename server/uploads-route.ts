import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import { isServedImagePath } from "~/shared/images";
import { logger } from "~/platform/logger.server";
import { objectStore } from "~/platform/storage/object-store.server";

/** Uploaded images have random keys and are never overwritten, so they can be cached for a year. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** An image shown on its own can run nothing and load nothing. */
export const UPLOAD_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

function notFound(next: Parameters<RequestHandler>[2]) {
  next(Object.assign(new Error("Not found"), { status: 404 }));
}

/**
 * GET/HEAD /uploads/{32 hex}/{width}.webp: an image variant read from the object store (DATA_DIR/uploads, or
 * the bucket, so any instance serves what another stored). Every other path under /uploads is a 404 before
 * the store is asked, so nothing else in the folder or bucket can be read through the shop.
 */
export const serveUpload: RequestHandler = async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return notFound(next);
  // req.path is still percent-encoded: an encoded "/" or "." never matches the pattern.
  const key = req.path.replace(/^\//, "");
  if (!isServedImagePath(key)) return notFound(next);
  let object;
  try {
    object = await objectStore().get(key);
  } catch (err) {
    logger.error({ err, key }, "reading an upload from the image store failed");
    res.status(503).type("text/plain").set("Cache-Control", "no-store").send("Image store unavailable");
    return;
  }
  if (!object) return notFound(next);
  res.status(200);
  res.setHeader("Content-Type", object.contentType);
  res.setHeader("Cache-Control", UPLOAD_CACHE_CONTROL);
  res.setHeader("Content-Security-Policy", UPLOAD_CSP);
  if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
  if (object.etag) res.setHeader("ETag", object.etag);
  if (object.size !== undefined) res.setHeader("Content-Length", String(object.size));
  if (req.fresh || req.method === "HEAD") {
    if (req.fresh) {
      res.status(304);
      res.removeHeader("Content-Length");
    }
    object.body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(object.body, res);
  } catch (err) {
    // The client went away, or the store's stream broke half-way: nothing more can be sent.
    if (!res.writableFinished) logger.warn({ err, key }, "an upload's response ended early");
  }
};
