import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export type LiveRevalidateOptions = {
  /** The event stream: "/api/events" (public, catalogue tables) or "/api/admin/events" (admins, all tables). */
  url: string;
  /** Table names whose changes reload this page's data, e.g. ["products", "categories"]. */
  tables: readonly string[];
  /** Several changes within this time cause one reload. */
  debounceMs?: number;
  enabled?: boolean;
};

/**
 * Re-runs the page's loaders when the server announces a change to one of `tables` (Server-Sent Events
 * fed by PostgreSQL NOTIFY). Also reloads after the stream reconnects, since changes may have been missed.
 * Returns whether the stream is connected.
 */
export function useLiveRevalidate({ url, tables, debounceMs = 250, enabled = true }: LiveRevalidateOptions): {
  connected: boolean;
} {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  useEffect(() => {
    revalidateRef.current = revalidate;
  }, [revalidate]);
  const [connected, setConnected] = useState(false);
  const tableKey = [...tables].sort().join(",");

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const wanted = new Set(tableKey.split(","));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidateRef.current(), debounceMs);
    };
    const stop = openEventStream(url, {
      onChange(table) {
        if (wanted.has(table)) schedule();
      },
      onResync: schedule,
      onConnected: setConnected,
    });
    return () => {
      clearTimeout(timer);
      stop();
      setConnected(false);
    };
  }, [url, tableKey, debounceMs, enabled]);

  return { connected };
}

type StreamHandlers = {
  /** A change to `table` was announced. */
  onChange: (table: string) => void;
  /** Changes may have been missed (the server's listener reconnected, or this stream was down). */
  onResync: () => void;
  onConnected: (connected: boolean) => void;
};

/**
 * An event stream that stays open: the browser retries a dropped stream by itself, but gives up for good on
 * an answer that is not a stream (429 when this network has as many streams as it may, 503 when the server
 * is full). Then it is opened again later, waiting longer each time (30 s doubling up to 10 minutes, with
 * jitter so many tabs do not come back together). Returns the function that closes it.
 */
export function openEventStream(
  url: string,
  handlers: StreamHandlers,
  make: (url: string) => EventSource = (u) => new EventSource(u),
  random: () => number = Math.random,
): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 30_000;
  let dropped = false;
  let stopped = false;
  const onChange = (event: MessageEvent<string>) => {
    try {
      const { table } = JSON.parse(event.data) as { table?: unknown };
      if (typeof table === "string") handlers.onChange(table);
    } catch {
      /* not ours */
    }
  };
  const connect = () => {
    if (stopped) return;
    const s = make(url);
    source = s;
    s.addEventListener("change", onChange as EventListener);
    s.addEventListener("resync", handlers.onResync);
    s.onopen = () => {
      handlers.onConnected(true);
      if (dropped) handlers.onResync();
      dropped = false;
      retryMs = 30_000;
    };
    s.onerror = () => {
      handlers.onConnected(false);
      dropped = true;
      if (s.readyState === 2 /* CLOSED */) {
        clearTimeout(retry);
        retry = setTimeout(connect, retryMs * (0.75 + random() / 2));
        retryMs = Math.min(retryMs * 2, 10 * 60_000);
      }
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.removeEventListener("change", onChange as EventListener);
    source?.removeEventListener("resync", handlers.onResync);
    source?.close();
  };
}
