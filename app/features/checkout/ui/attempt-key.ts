/**
 * The idempotency key of the current checkout attempt. The same submission (same form, same cart)
 * keeps its key, also across a reload, so a double click or retry returns the first result; a changed
 * submission gets a new key.
 */
const KEY = "neon-checkout-attempt";

function randomKey(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function attemptKey(fingerprint: string): string {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as {
      key: string;
      fingerprint: string;
    } | null;
    if (stored && stored.fingerprint === fingerprint && typeof stored.key === "string") return stored.key;
  } catch {
    /* no or bad record */
  }
  const key = randomKey();
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ key, fingerprint }));
  } catch {
    /* storage blocked: the key still protects this page's retries */
  }
  return key;
}

export function forgetAttempt(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
