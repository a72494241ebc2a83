import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openEventStream } from "./use-live-revalidate";

/** Just enough of EventSource: listeners, onopen/onerror, readyState and close. */
class FakeSource {
  static made: FakeSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, (e: unknown) => void>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, l: (e: unknown) => void) {
    this.listeners.set(type, l);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The browser's answer to a 429 or 503: an error, and the stream closed for good. */
  refuse() {
    this.readyState = 2;
    this.onerror?.();
  }
  /** A dropped connection the browser retries itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.();
  }
}

describe("live event stream", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const seen = { tables: [] as string[], resyncs: 0, connected: [] as boolean[] };
    const stop = openEventStream(
      "/api/events",
      {
        onChange: (t) => seen.tables.push(t),
        onResync: () => seen.resyncs++,
        onConnected: (c) => seen.connected.push(c),
      },
      (u) => new FakeSource(u) as unknown as EventSource,
      () => 0.5,
    );
    return { seen, stop };
  };

  it("opens again after a refusal (429), waiting 30 s, then 60 s, and reloads once back", async () => {
    const { seen } = start();
    FakeSource.made[0]!.refuse();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(FakeSource.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]!.refuse();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(FakeSource.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSource.made).toHaveLength(3);
    FakeSource.made[2]!.open();
    expect(seen.connected.at(-1)).toBe(true);
    expect(seen.resyncs).toBe(1);
  });

  it("leaves a dropped stream to the browser's own retry, and passes changes on", async () => {
    const { seen } = start();
    const s = FakeSource.made[0]!;
    s.open();
    s.listeners.get("change")!({ data: JSON.stringify({ table: "products" }) });
    s.listeners.get("change")!({ data: "not json" });
    s.drop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSource.made).toHaveLength(1);
    expect(seen.tables).toEqual(["products"]);
  });

  it("stops for good when closed, even with a retry pending", async () => {
    const { stop } = start();
    FakeSource.made[0]!.refuse();
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeSource.made).toHaveLength(1);
  });
});
