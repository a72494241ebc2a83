import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone-numbers";

describe("a phone number as the shop shows it (issue 42)", () => {
  it("groups an Indian mobile after +91, however it was stored or typed", () => {
    expect(formatPhone("+919412055678")).toBe("+91 94120 55678");
    expect(formatPhone("9412055678")).toBe("+91 94120 55678");
    expect(formatPhone("+91 94120-55678")).toBe("+91 94120 55678");
    expect(formatPhone(" +91 98765 43210 ")).toBe("+91 98765 43210");
  });

  it("groups a landline and a number abroad as their country writes them", () => {
    expect(formatPhone("+911123456789")).toBe("+91 11 2345 6789");
    expect(formatPhone("+971501234567")).toBe("+971 50 123 4567");
    expect(formatPhone("+14155552671")).toBe("+1 415 555 2671");
  });

  it("shows what is not a valid number as it was typed", () => {
    expect(formatPhone("12345")).toBe("12345");
    expect(formatPhone("call the shop")).toBe("call the shop");
    expect(formatPhone("")).toBe("");
  });
});
