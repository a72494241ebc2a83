import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/*
 * The build's JavaScript and CSS, compressed once at build time (brotli at its best quality and gzip -9,
 * written beside each file by the precompress plugin in vite.config.ts) instead of on every request by the
 * compression middleware (brotli quality 4). Smaller downloads for the shopper and no compression work per
 * request. Falls through to express.static when the client accepts neither or no compressed copy exists.
 * Decision 022.
 */

const ENCODINGS = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export function servePrecompressed(dir: string): RequestHandler {
  // The build does not change while the server runs: list its compressed copies once (a Set of names, so
  // requests for made-up names cannot grow anything).
  let copies: Set<string> | null = null;
  const has = (name: string) => {
    copies ??= new Set(fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.(br|gz)$/.test(f)) : []);
    return copies.has(name);
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    // Only plain file names of the build (no folders, no dot-dot): /assets/<name>.js|css
    const type = TYPES[path.extname(name)];
    if (!type || !/^[\w.-]+$/.test(name) || name.startsWith(".")) return next();
    res.vary("Accept-Encoding");
    // Brotli whenever the client takes it (browsers list gzip first with equal weight), else gzip.
    const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    if (!has(name + encoding.ext)) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding.name);
    // Relative to `root`: `send` then checks only this name for dot-files, not the folders the shop is
    // installed in (an absolute path under ~/.local/... was denied as a whole: every script answered 403).
    res.sendFile(
      name + encoding.ext,
      { root: dir, immutable: true, maxAge: "1y", dotfiles: "deny" },
      (err) => {
        if (err) next(err);
      },
    );
  };
}
