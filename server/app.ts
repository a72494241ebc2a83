import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import { MAX_PRODUCT_FORM_BYTES } from "~/features/catalog/admin-catalog";
import { canonicalAddress } from "~/shared/client-address";
import { failedAnswer } from "~/shared/form-answer";
import { isSafeMethod, isSameOrigin } from "~/platform/auth/auth.server";
import { pingDb } from "~/platform/db/client.server";
import { env, trustProxySetting } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { projectPath } from "~/platform/paths.server";
import { readiness } from "~/platform/readiness.server";
import { refuseNulInAddress } from "./nul-guard";
import { servePrecompressed } from "./precompressed";
import { errorHandler, securityHeaders } from "./security-headers";
import { serveUpload } from "./uploads-route";

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
/** The largest body any route reads: the admin product form (5 images of 10 MB and its fields). */
const MAX_ANY_BODY_BYTES = MAX_PRODUCT_FORM_BYTES;

type Options = {
  /** In development, Vite's middleware and a build loaded through it. */
  dev?: { middlewares: express.RequestHandler; build: () => Promise<ServerBuild> };
  build?: ServerBuild;
};

/**
 * What loaders and actions get as `context`: the client's address (proxy-aware through "trust proxy"),
 * spelt one way (IPv4-mapped IPv6 as IPv4, IPv6 as RFC 5952). Limits count it by clientNetwork().
 */
function getLoadContext(req: express.Request) {
  return { clientIp: canonicalAddress(req.ip ?? req.socket.remoteAddress) };
}

export function createApp(options: Options): Express {
  const e = env();
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxy TRUST_PROXY names (docs/deployment.md).
  app.set("trust proxy", trustProxySetting(e.TRUST_PROXY));
  app.use(securityHeaders);
  // Event streams are never compressed: compression would hold events back in its buffer.
  app.use(
    compression({
      filter: (req, res) =>
        !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) &&
        compression.filter(req, res),
    }),
  );

  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      logger.info(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  // Defence in depth for the admin area: a state-changing request under /admin or /api/admin must come
  // from our own origin, whatever the route does (each admin action also checks it through requireAdmin).
  app.use((req, res, next) => {
    if (isSafeMethod(req.method) || !/^\/(api\/)?admin(?:[/.]|$)/.test(req.path)) return next();
    if (isSameOrigin((name) => req.get(name), `${req.protocol}://${req.host}`)) return next();
    logger.warn({ url: req.originalUrl, origin: req.get("origin") ?? null }, "cross-origin request refused");
    res
      .status(403)
      .type("application/json")
      .set("Cache-Control", "no-store")
      .send(JSON.stringify(failedAnswer("Cross-origin request refused")));
  });

  // Behind a proxy without TRUST_PROXY every shopper looks like the proxy, and the per-address limits would
  // count them all together: say so once.
  let warnedProxy = Boolean(e.TRUST_PROXY);
  app.use((req, _res, next) => {
    if (!warnedProxy && req.headers["x-forwarded-for"]) {
      warnedProxy = true;
      logger.warn(
        "requests carry X-Forwarded-For but TRUST_PROXY is not set: client addresses are the proxy's (see docs/deployment.md)",
      );
    }
    next();
  });

  // Only the methods the shop answers; anything else (TRACE, PATCH, ...) is refused before any route runs.
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.has(req.method)) return next();
    res
      .status(405)
      .set("Allow", [...ALLOWED_METHODS].join(", "))
      .type("text/plain")
      .send("Method not allowed");
  });

  app.use(refuseNulInAddress);

  // Defence in depth: no request body may announce more than the largest upload (each route also caps
  // what it reads while the body streams, chunked included).
  app.use((req, res, next) => {
    const announced = Number(req.headers["content-length"] ?? 0);
    if (announced > MAX_ANY_BODY_BYTES) {
      res.status(413).set("Connection", "close").type("text/plain").send("Request body too large");
      req.resume();
      return;
    }
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const ok = await pingDb();
    res
      .status(ok ? 200 : 503)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(ok ? "ok" : "database unavailable");
  });

  // Readiness for the load balancer: database and image store reachable, and not shutting down.
  app.get("/readyz", async (_req, res) => {
    const r = await readiness();
    res
      .status(r.ready ? 200 : 503)
      .type("application/json")
      .set("Cache-Control", "no-store")
      .send(JSON.stringify(r));
  });

  // Uploaded images, from the object store (DATA_DIR/uploads or the bucket): only {key}/{width}.webp.
  app.use("/uploads", serveUpload);

  if (options.dev) {
    app.use(options.dev.middlewares);
    app.all(
      "/{*splat}",
      createRequestHandler({ build: options.dev.build, mode: "development", getLoadContext }),
    );
  } else {
    const client = projectPath("build", "client");
    app.use("/assets", servePrecompressed(path.join(client, "assets")));
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(
      "/fonts",
      express.static(path.join(client, "fonts"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(client, { maxAge: "1h", index: false }));
    if (!options.build) throw new Error("createApp needs a server build in production");
    app.all("/{*splat}", createRequestHandler({ build: options.build, mode: "production", getLoadContext }));
  }
  app.use(errorHandler);
  return app;
}
