import { describe, expect, it } from "vitest";
import { adminPasswordProblem, loginSchema } from "./admin-auth";
import { lockoutMessage } from "~/shared/sign-in-rules";

describe("adminPasswordProblem", () => {
  it("refuses passwords under 10 characters", () => {
    expect(adminPasswordProblem("Shrt9!xyz")).toMatch(/too short: use at least 10 characters/);
  });
  it.each([
    "password123",
    "Password123!",
    "1234567890",
    "qwertyuiop",
    "Welcome@123",
    "aaaaaaaaaaaa",
    "abababababab",
    "abcdefghijklm",
    "iloveyou2024!",
  ])("refuses the common password %s", (p) => {
    expect(adminPasswordProblem(p)).toMatch(/too common/);
  });
  it("refuses the email's local part as the password", () => {
    expect(adminPasswordProblem("shopowner2024", "shopowner@example.com")).toMatch(/email address/);
  });
  it("accepts a long uncommon password", () => {
    expect(adminPasswordProblem("correct horse battery")).toBeNull();
    expect(adminPasswordProblem("Neon-Admin-7x!q")).toBeNull();
  });
});

describe("loginSchema", () => {
  it("trims the email and needs both fields", () => {
    expect(loginSchema.parse({ email: " a@b.in ", password: "x" }).email).toBe("a@b.in");
    expect(loginSchema.safeParse({ email: "", password: "" }).success).toBe(false);
    expect(loginSchema.safeParse({ email: "not-an-email", password: "x" }).success).toBe(false);
  });
});

describe("lockoutMessage", () => {
  it("says how long to wait in whole minutes", () => {
    expect(lockoutMessage(14 * 60_000 + 1)).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
    expect(lockoutMessage(10_000)).toBe("Too many failed sign-in attempts. Please try again in 1 minute.");
  });
});
