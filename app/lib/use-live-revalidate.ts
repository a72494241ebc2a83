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
    const source = new EventSource(url);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidateRef.current(), debounceMs);
    };
    const onChange = (event: MessageEvent<string>) => {
      try {
        const { table } = JSON.parse(event.data) as { table?: unknown };
        if (typeof table === "string" && wanted.has(table)) schedule();
      } catch {
        /* not ours */
      }
    };
    source.addEventListener("change", onChange);
    source.addEventListener("resync", schedule);
    source.onopen = () => {
      setConnected(true);
      if (dropped) schedule();
      dropped = false;
    };
    source.onerror = () => {
      setConnected(false);
      dropped = true;
    };
    return () => {
      clearTimeout(timer);
      source.removeEventListener("change", onChange);
      source.removeEventListener("resync", schedule);
      source.close();
      setConnected(false);
    };
  }, [url, tableKey, debounceMs, enabled]);

  return { connected };
}
