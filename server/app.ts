import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import { pingDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { projectPath } from "~/server/paths.server";
import { securityHeaders } from "./security-headers";

type Options = {
  /** In development, Vite's middleware and a build loaded through it. */
  dev?: { middlewares: express.RequestHandler; build: () => Promise<ServerBuild> };
  build?: ServerBuild;
};

export function createApp(options: Options): Express {
  const e = env();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", e.NODE_ENV === "production" ? "loopback, linklocal, uniquelocal" : false);
  app.use(securityHeaders);
  app.use(compression());

  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const ok = await pingDb();
    res.status(ok ? 200 : 503).type("text/plain").set("Cache-Control", "no-store").send(ok ? "ok" : "database unavailable");
  });

  // Uploaded images: random names, never overwritten, so they can be cached for a year.
  app.use(
    "/uploads",
    express.static(path.join(e.DATA_DIR, "uploads"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox"),
    }),
  );

  if (options.dev) {
    app.use(options.dev.middlewares);
    app.all("/{*splat}", createRequestHandler({ build: options.dev.build, mode: "development" }));
  } else {
    const client = projectPath("build", "client");
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use("/fonts", express.static(path.join(client, "fonts"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(client, { maxAge: "1h", index: false }));
    if (!options.build) throw new Error("createApp needs a server build in production");
    app.all("/{*splat}", createRequestHandler({ build: options.build, mode: "production" }));
  }
  return app;
}
