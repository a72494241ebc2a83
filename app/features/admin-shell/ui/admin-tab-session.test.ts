import { beforeEach, describe, expect, it } from "vitest";
import {
  answerOtherTabs,
  askOtherTabs,
  checkTabMarker,
  clearAdminStorage,
  clearSessionStorageOnUnload,
  markerRemovedBy,
  markTabJoined,
  markTabSignedIn,
  RELOAD_GRACE_MS,
  takeWelcome,
} from "./admin-tab-session";

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
}

beforeEach(() => {
  Object.defineProperty(globalThis, "sessionStorage", { value: new MemoryStorage(), configurable: true });
  Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage(), configurable: true });
});

const storageEvent = (init: { key: string | null; newValue?: string | null; area?: Storage }) =>
  ({
    key: init.key,
    newValue: init.newValue ?? null,
    storageArea: init.area ?? localStorage,
  }) as StorageEvent;

describe("the per-tab admin marker", () => {
  it("is missing in a tab that never signed in", () => {
    expect(checkTabMarker()).toBe(false);
  });

  it("is valid after sign-in, and the welcome toast is asked for once", () => {
    markTabSignedIn();
    expect(checkTabMarker()).toBe(true);
    expect(takeWelcome()).toBe(true);
    expect(takeWelcome()).toBe(false);
  });

  it("needs the local-storage mirror: removed in another tab means signed out", () => {
    markTabSignedIn();
    const id = sessionStorage.getItem("neon-admin-tab-id")!;
    expect(markerRemovedBy(storageEvent({ key: `neon-admin-session-${id}` }))).toBe(true);
    expect(markerRemovedBy(storageEvent({ key: null }))).toBe(true);
    expect(markerRemovedBy(storageEvent({ key: "neon-cart", newValue: "[]" }))).toBe(false);
    expect(markerRemovedBy(storageEvent({ key: null, area: sessionStorage }))).toBe(false);
    localStorage.removeItem(`neon-admin-session-${id}`);
    expect(checkTabMarker()).toBe(false);
  });

  it("clears session storage on unload but survives a quick reload, not a late restore", () => {
    markTabSignedIn();
    sessionStorage.setItem("other", "x");
    clearSessionStorageOnUnload(1_000_000);
    expect(sessionStorage.getItem("other")).toBeNull();
    expect(sessionStorage.getItem("neon-admin-welcome")).toBeNull();
    expect(checkTabMarker(1_000_000 + 2_000)).toBe(true);
    // Accepting it renews the tab: the leaving time is gone.
    expect(checkTabMarker(1_000_000 + RELOAD_GRACE_MS * 10)).toBe(true);

    clearSessionStorageOnUnload(2_000_000);
    expect(checkTabMarker(2_000_000 + RELOAD_GRACE_MS + 1)).toBe(false);
  });

  it("keeps nothing for a tab that was not signed in", () => {
    sessionStorage.setItem("other", "x");
    clearSessionStorageOnUnload();
    expect(sessionStorage.length).toBe(0);
  });

  it("sign-out clears local and session storage", () => {
    markTabSignedIn();
    localStorage.setItem("neon-cart", "[]");
    clearAdminStorage();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(checkTabMarker()).toBe(false);
  });
});

describe("joining the browser's live admin tabs (issue 42)", () => {
  // Node has BroadcastChannel; the other tab is simulated by a channel of its own with its own storage.
  const setVisibility = (state: "visible" | "hidden") =>
    Object.defineProperty(globalThis, "document", {
      value: { visibilityState: state },
      configurable: true,
    });

  it("hears nobody when no admin tab is alive", async () => {
    expect(await askOtherTabs(50)).toEqual({ alive: false, visible: false });
  });

  it("hears a signed-in tab (and whether it is in view), which then lets a new tab join", async () => {
    markTabSignedIn();
    setVisibility("visible");
    const stop = answerOtherTabs();
    try {
      expect(await askOtherTabs(100)).toEqual({ alive: true, visible: true });
      setVisibility("hidden");
      expect(await askOtherTabs(100)).toEqual({ alive: true, visible: false });
      // The new tab (its own session storage) joins: a marker of its own, and no welcome toast.
      Object.defineProperty(globalThis, "sessionStorage", { value: new MemoryStorage(), configurable: true });
      markTabJoined();
      expect(checkTabMarker()).toBe(true);
      expect(takeWelcome()).toBe(false);
    } finally {
      stop();
    }
  });

  it("a tab whose marker was removed (signed out) answers nobody", async () => {
    markTabSignedIn();
    setVisibility("visible");
    const stop = answerOtherTabs();
    try {
      clearAdminStorage();
      expect(await askOtherTabs(100)).toEqual({ alive: false, visible: false });
    } finally {
      stop();
    }
  });
});
