import pg from "pg";
import { logger } from "./logger.server";

/*
 * Live updates. PostgreSQL triggers announce every change with NOTIFY (channel catalog_changes or
 * order_changes, payload = the table name). Each app instance keeps ONE dedicated connection that LISTENs
 * to both channels and fans the changes out to its Server-Sent Event subscribers, so a change made through
 * any instance (or straight in the database) reaches every open page.
 */

export const CHANNELS = ["catalog_changes", "order_changes"] as const;
export type Channel = (typeof CHANNELS)[number];
export type ChangeEvent = { channel: Channel; table: string } | { channel: "resync"; table: null };
type Listener = (event: ChangeEvent) => void;

const listeners = new Set<Listener>();

/** Receive every change (and a `resync` after the listener had to reconnect). Returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function subscriberCount(): number {
  return listeners.size;
}

function publish(event: ChangeEvent): void {
  for (const l of [...listeners]) {
    try {
      l(event);
    } catch (err) {
      logger.error({ err }, "event subscriber failed");
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The LISTEN connection

type ListenerState = {
  url: string;
  client: pg.Client | null;
  stopped: boolean;
  retryMs: number;
  timer: NodeJS.Timeout | null;
  everConnected: boolean;
};
let state: ListenerState | null = null;
const MAX_RETRY_MS = 30_000;

function isChannel(c: string): c is Channel {
  return (CHANNELS as readonly string[]).includes(c);
}

async function connect(s: ListenerState): Promise<void> {
  if (s.stopped) return;
  const client = new pg.Client({ connectionString: s.url, keepAlive: true, connectionTimeoutMillis: 10_000 });
  s.client = client;
  let dropped = false;
  const onDrop = (err?: Error) => {
    if (dropped) return;
    dropped = true;
    if (s.client === client) s.client = null;
    client.removeAllListeners("notification");
    client.end().catch(() => undefined);
    if (s.stopped) return;
    logger.warn(
      { err: err?.message, retryMs: s.retryMs },
      "live updates: listener connection lost; reconnecting",
    );
    scheduleReconnect(s);
  };
  client.on("error", onDrop);
  client.on("end", () => onDrop());
  client.on("notification", (msg) => {
    if (!isChannel(msg.channel) || !msg.payload) return;
    publish({ channel: msg.channel, table: msg.payload });
  });
  try {
    await client.connect();
    for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
  } catch (err) {
    onDrop(err as Error);
    return;
  }
  if (s.stopped) {
    await client.end().catch(() => undefined);
    return;
  }
  s.retryMs = 1_000;
  // Changes made while we were not listening are lost: tell every page to re-read.
  if (s.everConnected) publish({ channel: "resync", table: null });
  s.everConnected = true;
  logger.debug("live updates: listening");
}

function scheduleReconnect(s: ListenerState) {
  if (s.timer || s.stopped) return;
  const delay = s.retryMs;
  s.retryMs = Math.min(s.retryMs * 2, MAX_RETRY_MS);
  s.timer = setTimeout(() => {
    s.timer = null;
    void connect(s);
  }, delay);
  s.timer.unref();
}

/** Start this instance's LISTEN connection (idempotent). Resolves once the first attempt finished. */
export async function startEventListener(url: string): Promise<void> {
  if (state && !state.stopped) return;
  state = { url, client: null, stopped: false, retryMs: 1_000, timer: null, everConnected: false };
  await connect(state);
}

/** True while the LISTEN connection is up. */
export function eventListenerConnected(): boolean {
  return Boolean(state?.client && !state.stopped && state.everConnected);
}

/** Stop listening and close every open event stream. */
export async function stopEventListener(): Promise<void> {
  const s = state;
  state = null;
  for (const close of [...streams]) close();
  if (!s) return;
  s.stopped = true;
  if (s.timer) clearTimeout(s.timer);
  const client = s.client;
  s.client = null;
  await client?.end().catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------
// Server-Sent Event streams

const streams = new Set<() => void>();
export const HEARTBEAT_MS = 25_000;

/** Open streams per kind, for the limits that keep a flood of connections from exhausting the server. */
export const streamLimits = { admin: { open: 0 }, public: { open: 0 } };

export type StreamOptions = {
  /** Which changes this stream forwards. */
  filter: (event: ChangeEvent) => boolean;
  /** The `data:` of an event (what the browser may know). */
  payload: (event: ChangeEvent) => Record<string, unknown>;
  /** Checked at every heartbeat; when it answers false the stream ends (e.g. the admin session ended). */
  stillAllowed?: () => Promise<boolean>;
  /** Most open streams of this kind; beyond it new ones get 503. */
  limit?: { counter: { open: number }; max: number };
  heartbeatMs?: number;
};

/** A text/event-stream Response fed by the change listener; it cleans up when the client goes away. */
export function eventStreamResponse(request: Request, options: StreamOptions): Response {
  const limit = options.limit;
  if (limit && limit.counter.open >= limit.max) {
    return new Response("Too many open event streams", {
      status: 503,
      headers: {
        "Retry-After": "30",
        "Cache-Control": "no-store",
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  const encoder = new TextEncoder();
  let cleanup: (() => void) | null = null;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (limit) limit.counter.open++;
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const unsubscribe = subscribe((event) => {
        if (!options.filter(event)) return;
        const name = event.channel === "resync" ? "resync" : "change";
        send(`event: ${name}\ndata: ${JSON.stringify(options.payload(event))}\n\n`);
      });
      let checking = false;
      const heartbeat = setInterval(() => {
        send(": ping\n\n");
        if (options.stillAllowed && !checking) {
          checking = true;
          options
            .stillAllowed()
            .then((ok) => {
              if (!ok) close();
            })
            .catch(() => undefined)
            .finally(() => (checking = false));
        }
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
      function close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(close);
        request.signal.removeEventListener("abort", close);
        if (limit) limit.counter.open--;
        try {
          controller.close();
        } catch {
          /* already closed or errored */
        }
      }
      cleanup = close;
      streams.add(close);
      request.signal.addEventListener("abort", close);
      if (request.signal.aborted) close();
      // Reconnect after 5 s if the connection drops; the comment line opens the stream at once.
      send(`retry: 5000\n: connected\n\n`);
    },
    cancel() {
      cleanup?.();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform also keeps the compression middleware away from the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

/** How many event streams are open in this instance (tests, health). */
export function openStreamCount(): number {
  return streams.size;
}
