import { LOGIN_MESSAGES } from "./login-fields";
import { z } from "~/shared/zod";

/** Rules of admin sign-in shared by the login form, the server and the admin:create command. */

export const MIN_ADMIN_PASSWORD_LENGTH = 10;

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, LOGIN_MESSAGES.emailRequired)
    .max(254)
    .pipe(z.email(LOGIN_MESSAGES.emailInvalid)),
  // Long enough for any real password, short enough that hashing it cannot be abused.
  password: z.string().min(1, LOGIN_MESSAGES.passwordRequired).max(1024),
});

export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Passwords people pick first. Only entries of 10+ characters matter (shorter ones are refused by length);
 * the check also looks at the password with trailing digits and symbols removed and at simple patterns.
 */
const COMMON_PASSWORDS = new Set([
  "password",
  "passw0rd",
  "password1",
  "password12",
  "password123",
  "password1234",
  "passwordpassword",
  "1234567890",
  "12345678910",
  "123456789012",
  "0987654321",
  "1122334455",
  "1111111111",
  "qwertyuiop",
  "qwertyuiop123",
  "qwerty123456",
  "qwertyqwerty",
  "asdfghjkl",
  "asdfghjkl123",
  "zxcvbnm123",
  "1q2w3e4r5t",
  "1qaz2wsx3edc",
  "qazwsxedc",
  "qazwsxedcrfv",
  "iloveyou",
  "iloveyou123",
  "letmein",
  "letmein123",
  "welcome",
  "welcome123",
  "welcome@123",
  "admin",
  "admin123",
  "admin@123",
  "administrator",
  "changeme",
  "changeme123",
  "football",
  "baseball",
  "basketball",
  "superman",
  "batman",
  "princess",
  "sunshine",
  "starwars",
  "whatever",
  "trustno1",
  "dragon",
  "monkey",
  "master",
  "shadow",
  "michael",
  "jennifer",
  "computer",
  "internet",
  "secret",
  "abc123",
  "abcdefghij",
  "abcdefghijk",
  "abcd1234",
  "india",
  "india123",
  "india@123",
  "bharat",
  "mumbai",
  "delhi",
  "cricket",
  "sachin",
  "krishna",
  "ganesh",
  "neonlights",
  "neon",
  "neonsign",
  "neonsigns",
]);

function isSequence(s: string): boolean {
  if (s.length < 4) return false;
  const codes = [...s].map((c) => c.charCodeAt(0));
  const step = codes[1]! - codes[0]!;
  if (Math.abs(step) !== 1) return false;
  return codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

/** Why a password may not be used for an admin account, or null when it is acceptable. */
export function adminPasswordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    return `The password is too short: use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > 1024) return "The password is too long: use at most 1024 characters.";
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/, "");
  const common = "The password is too common: choose one that is not on lists of popular passwords.";
  if (COMMON_PASSWORDS.has(lower) || (stem.length > 0 && COMMON_PASSWORDS.has(stem))) return common;
  if (new Set(lower).size <= 2) return common;
  if (isSequence(lower)) return common;
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && (lower === local || stem === local)) {
    return "The password is too easy to guess: do not use the email address in it.";
  }
  return null;
}
