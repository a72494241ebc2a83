import { describe, expect, it } from "vitest";
import { tooManyAttemptsMessage } from "./rate-limits";

describe("tooManyAttemptsMessage", () => {
  it("says seconds under a minute and a half, minutes above", () => {
    expect(tooManyAttemptsMessage(1)).toContain("wait 1 second and");
    expect(tooManyAttemptsMessage(0.2)).toContain("wait 1 second and");
    expect(tooManyAttemptsMessage(45)).toContain("wait 45 seconds");
    expect(tooManyAttemptsMessage(90)).toContain("wait 2 minutes");
    expect(tooManyAttemptsMessage(3600)).toContain("wait 60 minutes");
  });
});
