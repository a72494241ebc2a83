import { describe, expect, it } from "vitest";
import { formatIstDateTime, formatIstDate } from "./ist-dates";

describe("dates in India", () => {
  it("formats in IST, midnight as 00", () => {
    expect(formatIstDateTime("2025-08-30T18:30:00Z")).toBe("2025-08-31 00:00");
    expect(formatIstDateTime(new Date("2025-08-31T08:35:00Z"))).toBe("2025-08-31 14:05");
    expect(formatIstDate("2025-08-30T18:30:00Z")).toBe("31 Aug 2025");
  });
});
