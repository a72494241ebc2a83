/*
 * The spec's browser-side admin session rules, kept ON TOP of the server session (which alone grants
 * access):
 * - a tab is marked as an admin tab when it signs in (the first admin page after the login finds the
 *   server's one-minute sign-in cookie): a tab id in session storage plus a marker 'true' for that id (in
 *   session storage, mirrored in local storage so other tabs can remove it);
 * - the admin area needs a valid marker in this tab, else the tab signs out;
 * - signing out clears local and session storage, which removes every tab's marker, so the other admin
 *   tabs sign out too (storage event);
 * - session storage is cleared when the page unloads. A reload must not sign the admin out, so the
 *   marker is written back with the time of leaving and only honoured for RELOAD_GRACE_MS: a reload or
 *   an immediate back navigation keeps the tab signed in, a tab restored later does not.
 * - a new tab of a browser that already has a signed-in admin tab (a second tab, a Ctrl+click in the
 *   sidebar) joins it: it asks the other tabs over a BroadcastChannel, and a live admin tab answers. A tab
 *   opened when no admin tab is alive (the last one was closed) finds nobody and signs out, as before;
 * - a hidden tab signs out after the delay only when no other admin tab is visible (a lone tab, or all hidden).
 * See docs/decisions/006-admin-sessions-and-live-updates.md and 050-admin-tabs-join.md.
 */

const TAB_ID_KEY = "neon-admin-tab-id";
const LEFT_AT_KEY = "neon-admin-tab-left-at";
const WELCOME_KEY = "neon-admin-welcome";
const MARKER_PREFIX = "neon-admin-session-";
export const RELOAD_GRACE_MS = 10_000;

const markerKey = (tabId: string) => `${MARKER_PREFIX}${tabId}`;

function newTabId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Name shared with app/platform/auth/auth.server.ts (SIGN_IN_GRANT_COOKIE). */
const SIGN_IN_GRANT_COOKIE = "neon_admin_signin";

/**
 * True once, in the first admin page loaded after a sign-in: the server set a one-minute cookie with the
 * session. It is removed at once, so only the tab that signed in receives the marker.
 */
export function takeSignInGrant(): boolean {
  const present = document.cookie.split(";").some((c) => c.trim() === `${SIGN_IN_GRANT_COOKIE}=1`);
  if (present) document.cookie = `${SIGN_IN_GRANT_COOKIE}=; Path=/admin; Max-Age=0; SameSite=Strict`;
  return present;
}

/** Mark this tab as signed in and ask for the welcome toast. */
export function markTabSignedIn(): void {
  const old = sessionStorage.getItem(TAB_ID_KEY);
  if (old) localStorage.removeItem(markerKey(old));
  const id = newTabId();
  sessionStorage.setItem(TAB_ID_KEY, id);
  sessionStorage.setItem(markerKey(id), "true");
  sessionStorage.removeItem(LEFT_AT_KEY);
  sessionStorage.setItem(WELCOME_KEY, "true");
  localStorage.setItem(markerKey(id), "true");
}

/**
 * True when this tab holds a valid admin marker: its stored tab id has the marker 'true' here and in local
 * storage, and a marker kept across an unload is still fresh. A fresh one is accepted (and renewed).
 */
export function checkTabMarker(now = Date.now()): boolean {
  try {
    const id = sessionStorage.getItem(TAB_ID_KEY);
    if (!id || sessionStorage.getItem(markerKey(id)) !== "true") return false;
    if (localStorage.getItem(markerKey(id)) !== "true") return false;
    const left = sessionStorage.getItem(LEFT_AT_KEY);
    if (left !== null) {
      const ms = now - Number(left);
      if (!Number.isFinite(ms) || ms < 0 || ms > RELOAD_GRACE_MS) return false;
      sessionStorage.removeItem(LEFT_AT_KEY);
    }
    return true;
  } catch {
    return false;
  }
}

/** Mark this tab as joining the browser's signed-in admin tabs (no welcome: nobody signed in). */
export function markTabJoined(): void {
  const id = newTabId();
  sessionStorage.setItem(TAB_ID_KEY, id);
  sessionStorage.setItem(markerKey(id), "true");
  sessionStorage.removeItem(LEFT_AT_KEY);
  localStorage.setItem(markerKey(id), "true");
}

const CHANNEL = "neon-admin-tabs";
/** How long a tab waits for the other admin tabs to answer. */
export const TAB_ANSWER_MS = 400;

type TabMessage = { kind: "anyone"; ask: string } | { kind: "here"; ask: string; visible: boolean };

export type OtherTabs = { alive: boolean; visible: boolean };

/**
 * Ask the browser's other admin tabs whether they are signed in (and visible). Resolves after `waitMs` with
 * what was heard; without BroadcastChannel nobody is heard.
 */
export function askOtherTabs(waitMs = TAB_ANSWER_MS): Promise<OtherTabs> {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve({ alive: false, visible: false });
  const channel = new BroadcastChannel(CHANNEL);
  const ask = newTabId();
  const heard: OtherTabs = { alive: false, visible: false };
  channel.onmessage = (e: MessageEvent<TabMessage>) => {
    if (e.data?.kind !== "here" || e.data.ask !== ask) return;
    heard.alive = true;
    heard.visible ||= e.data.visible;
  };
  channel.postMessage({ kind: "anyone", ask } satisfies TabMessage);
  return new Promise((resolve) =>
    setTimeout(() => {
      channel.close();
      resolve(heard);
    }, waitMs),
  );
}

/** Answer other tabs' questions while this tab holds a valid marker. Returns the function that stops it. */
export function answerOtherTabs(): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<TabMessage>) => {
    if (e.data?.kind !== "anyone" || !holdsMarker()) return;
    const visible = document.visibilityState === "visible";
    channel.postMessage({ kind: "here", ask: e.data.ask, visible } satisfies TabMessage);
  };
  return () => channel.close();
}

/** This tab's marker is set here and in local storage (nothing is renewed or consumed). */
function holdsMarker(): boolean {
  try {
    const id = sessionStorage.getItem(TAB_ID_KEY);
    return (
      id !== null &&
      sessionStorage.getItem(markerKey(id)) === "true" &&
      localStorage.getItem(markerKey(id)) === "true"
    );
  } catch {
    return false;
  }
}

/** True once after a sign-in: the admin layout shows the welcome toast. */
export function takeWelcome(): boolean {
  const v = sessionStorage.getItem(WELCOME_KEY) === "true";
  sessionStorage.removeItem(WELCOME_KEY);
  return v;
}

/** On unload: clear session storage, keeping only a short-lived marker so that a reload stays signed in. */
export function clearSessionStorageOnUnload(now = Date.now()): void {
  try {
    const id = sessionStorage.getItem(TAB_ID_KEY);
    const valid = id !== null && sessionStorage.getItem(markerKey(id)) === "true";
    sessionStorage.clear();
    if (valid && id) {
      sessionStorage.setItem(TAB_ID_KEY, id);
      sessionStorage.setItem(markerKey(id), "true");
      sessionStorage.setItem(LEFT_AT_KEY, String(now));
    }
  } catch {
    /* storage unavailable */
  }
}

/** Sign-out in the browser: the spec clears all local storage and session storage. */
export function clearAdminStorage(): void {
  try {
    localStorage.clear();
  } catch {
    /* storage unavailable */
  }
  try {
    sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
}

/** True when a storage event from another tab removed this tab's marker (or cleared local storage). */
export function markerRemovedBy(event: StorageEvent): boolean {
  if (event.storageArea !== localStorage) return false;
  if (event.key === null) return true;
  const id = sessionStorage.getItem(TAB_ID_KEY);
  return id !== null && event.key === markerKey(id) && event.newValue !== "true";
}
