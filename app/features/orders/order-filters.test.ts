import { describe, expect, it } from "vitest";
import { orderFiltersToQuery, parseOrderFilters } from "./order-filters";

describe("filters in the URL", () => {
  it("parses and writes back a filter set", () => {
    const r = parseOrderFilters(
      new URLSearchParams(
        "q=sharma&status=confirmed&method=cod&payment=all&from=2025-08-01&to=2025-08-31&page=3",
      ),
    );
    expect(r).toEqual({
      ok: true,
      filters: {
        q: "sharma",
        status: "confirmed",
        method: "cod",
        from: "2025-08-01",
        to: "2025-08-31",
        page: 3,
      },
    });
    expect(orderFiltersToQuery(r.filters, { page: 1 }).toString()).toBe(
      "q=sharma&status=confirmed&method=cod&from=2025-08-01&to=2025-08-31",
    );
  });

  it("points at bad fields and keeps the good ones", () => {
    const r = parseOrderFilters(new URLSearchParams("q=x&status=shipped&from=2025-02-30&page=-1"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["from", "page", "status"]);
    expect(r.filters).toEqual({ q: "x", page: 1 });
    const backwards = parseOrderFilters(new URLSearchParams("from=2025-08-10&to=2025-08-01"));
    expect(backwards.ok ? {} : backwards.errors).toEqual({
      to: "The end date must be on or after the start date.",
    });
  });
});
