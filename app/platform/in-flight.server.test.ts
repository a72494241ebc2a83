import { describe, expect, it } from "vitest";
import { inFlight } from "./in-flight.server";

const later = () => {
  let settle!: (ok: boolean) => void;
  const promise = new Promise<void>(
    (resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error("x")))),
  );
  return { promise, settle };
};

describe("in-flight handlers", () => {
  it("is idle at once when nothing runs", async () => {
    expect(await inFlight().idle(10)).toBe(true);
  });

  it("becomes idle only when every tracked handler has settled, failed ones included", async () => {
    const tracker = inFlight();
    const a = later();
    const b = later();
    void tracker.track(a.promise);
    tracker.track(b.promise).catch(() => undefined);
    expect(tracker.count).toBe(2);
    let idle = false;
    const waiting = tracker.idle(5_000).then((v) => (idle = v));
    a.settle(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(idle).toBe(false);
    b.settle(false);
    expect(await waiting).toBe(true);
    expect(tracker.count).toBe(0);
  });

  it("gives up waiting after the time allowed", async () => {
    const tracker = inFlight();
    void tracker.track(new Promise(() => undefined));
    expect(await tracker.idle(20)).toBe(false);
    expect(tracker.count).toBe(1);
  });

  it("passes the handler's result and error through", async () => {
    const tracker = inFlight();
    await expect(tracker.track(Promise.resolve(7))).resolves.toBe(7);
    await expect(tracker.track(Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
