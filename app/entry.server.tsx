import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type ServerInstrumentation } from "react-router";
import { contentSecurityPolicy, reportingEndpoints } from "~/platform/http/csp.server";
import { dataHandlersInFlight } from "~/platform/in-flight.server";
import { logger } from "~/platform/logger.server";

export const streamTimeout = 5_000;

/** Every loader and action is counted until it has finished, even one whose client hung up (shutdown waits). */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      route.instrument({
        loader: async (callLoader) => void (await dataHandlersInFlight.track(callLoader())),
        action: async (callAction) => void (await dataHandlersInFlight.track(callAction())),
      });
    },
  },
];

/**
 * React writes a page in many small pieces; each would cost a compression call and a socket write.
 * Gather what is written within one tick (or 16 KB) into one chunk. Streaming still works: a
 * Suspense boundary resolving later is sent as soon as it is written.
 */
class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private scheduled = false;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= 16_384) this.release();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }
  override _flush(done: TransformCallback) {
    this.release();
    done();
  }
  private release() {
    this.scheduled = false;
    if (this.size === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.size));
    this.parts = [];
    this.size = 0;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let abortRender: () => void = () => undefined;
    const timer = setTimeout(() => abortRender(), streamTimeout + 1000);
    const userAgent = request.headers.get("user-agent");
    // Bots and no-JS clients get the whole document at once; browsers get it streamed.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new Coalesce();
          // The page is written: the abort timer (and the render it holds) can go now, not seconds later.
          body.on("finish", () => clearTimeout(timer));
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            contentSecurityPolicy(nonce, new URL(request.url).pathname),
          );
          responseHeaders.set("Reporting-Endpoints", reportingEndpoints());
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    abortRender = abort;
  });
}
