/**
 * The login form's messages and its browser-side check, without zod so the login page stays small. The
 * server parses `loginSchema` (admin-auth.ts), built from the same messages; the email shape here is a
 * loose pre-check and the server decides.
 */
export const LOGIN_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  passwordRequired: "Password is required",
} as const;

export function checkLoginFields(values: Record<string, string | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  const email = (values.email ?? "").trim();
  if (!email) errors.email = LOGIN_MESSAGES.emailRequired;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = LOGIN_MESSAGES.emailInvalid;
  if (!values.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}
