/** What staff sign-in answers and how long a session lasts: shared by the platform's sign-in and the login page. */

/** The spec's answer for a wrong email or a wrong password: the same words for both. */
export const INVALID_CREDENTIALS = "Invalid email or password";
export const NOT_ADMIN_AFTER_SIGN_IN = "You do not have admin privileges. Please contact support.";
export const NOT_ADMIN_EXISTING_SESSION = "You do not have admin privileges.";

/** Session lifetime: idle and absolute limits. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export function lockoutMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * The answer while strangers' failed guesses from many networks hold an account back: the owner's own
 * browser or network still gets in (docs/decisions/028-account-sign-in-defence.md).
 */
export function accountLockoutMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts for this account from other networks. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or sign in from a browser or network you have signed in from before.`;
}
