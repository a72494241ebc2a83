import pg from "pg";
import { failedAnswer } from "~/shared/form-answer";
import { env } from "./env.server";
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

/**
 * Most open streams per instance, in all and per key (streams live on one instance, so counting them in
 * memory is exact). The whole-instance cap keeps a flood of connections from exhausting the server (503
 * beyond it); the per-key cap keeps one client from taking every slot (429 beyond it).
 */
export const STREAM_LIMITS = {
  /**
   * Storefront streams, keyed by the client's network (clientNetwork: the IPv4 address or the IPv6 /64).
   * Every storefront tab opens one; a household behind one address or one /64 rarely has more than four
   * of the shop's tabs open at once (and a browser holds at most six HTTP/1.1 connections to a host), and
   * a fifth tab still works, only without live updates (it tries again later). Taking all 2,000 slots
   * needs 500 networks. EVENT_STREAMS_PER_NETWORK changes the 4 (e.g. for an office behind one address).
   */
  public: { max: 2000, perKey: 4 },
  /**
   * Admin streams, keyed by the admin's session (one browser): a few admin tabs with live lists, with
   * room for HTTP/2 behind a proxy; one session (a runaway script, a stolen cookie) cannot take all 200.
   */
  admin: { max: 200, perKey: 8 },
} as const;
export type StreamKind = keyof typeof STREAM_LIMITS;

/** Seconds a refused client is asked to wait (Retry-After) before trying again. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

const openByKind: Record<StreamKind, { total: number; byKey: Map<string, number> }> = {
  public: { total: 0, byKey: new Map() },
  admin: { total: 0, byKey: new Map() },
};

/** Open streams of a kind in this instance, in all or for one key (tests, health). */
export function openStreams(kind: StreamKind, key?: string): number {
  const o = openByKind[kind];
  return key === undefined ? o.total : (o.byKey.get(key) ?? 0);
}

/** Streams one key may hold: the owner's EVENT_STREAMS_PER_NETWORK for storefront streams. */
function perKey(kind: StreamKind): number {
  return kind === "public" ? env().EVENT_STREAMS_PER_NETWORK : STREAM_LIMITS.admin.perKey;
}

const TOO_MANY_FOR_KEY: Record<StreamKind, () => string> = {
  public: () =>
    `Too many live-update connections from your network (${perKey("public")} at most). Close another tab of the shop or try again in ${STREAM_RETRY_AFTER_SECONDS} seconds; the page works without them.`,
  admin: () =>
    `Too many live-update connections for this sign-in (${perKey("admin")} at most). Close another admin tab or try again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`,
};

export type StreamOptions = {
  /** Which changes this stream forwards. */
  filter: (event: ChangeEvent) => boolean;
  /** The `data:` of an event (what the browser may know). */
  payload: (event: ChangeEvent) => Record<string, unknown>;
  /** Checked at every heartbeat; when it answers false the stream ends (e.g. the admin session ended). */
  stillAllowed?: () => Promise<boolean>;
  /** The kind's limits (STREAM_LIMITS) and the key this stream counts against. */
  limit?: { kind: StreamKind; key: string };
  heartbeatMs?: number;
};

function refuse(status: 429 | 503, body: Record<string, unknown> | string): Response {
  const headers = { "Retry-After": String(STREAM_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  return typeof body === "string"
    ? new Response(body, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } })
    : Response.json(body, { status, headers });
}

/** A text/event-stream Response fed by the change listener; it cleans up when the client goes away. */
export function eventStreamResponse(request: Request, options: StreamOptions): Response {
  const limit = options.limit;
  const count = limit && openByKind[limit.kind];
  if (limit && count) {
    if ((count.byKey.get(limit.key) ?? 0) >= perKey(limit.kind)) {
      return refuse(429, {
        ...failedAnswer(TOO_MANY_FOR_KEY[limit.kind]()),
        code: "too-many-streams",
        retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
      });
    }
    if (count.total >= STREAM_LIMITS[limit.kind].max) return refuse(503, "Too many open event streams");
  }
  const encoder = new TextEncoder();
  let cleanup: (() => void) | null = null;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (limit && count) {
        count.total++;
        count.byKey.set(limit.key, (count.byKey.get(limit.key) ?? 0) + 1);
      }
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
        if (limit && count) {
          count.total--;
          const left = (count.byKey.get(limit.key) ?? 1) - 1;
          if (left > 0) count.byKey.set(limit.key, left);
          else count.byKey.delete(limit.key);
        }
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
