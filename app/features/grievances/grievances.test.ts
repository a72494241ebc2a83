import { describe, expect, it } from "vitest";
import { complaintTodos } from "~/features/dashboard/complaint-todos";
import { statusesOf, inboxFilter } from "./grievance-staff";
import { checkComplaintFields } from "./grievance-limits";
import {
  acknowledgeDueAt,
  clockState,
  complaintSchema,
  formatTicketNumber,
  grievanceClocks,
  istYear,
  parseTicketNumber,
  resolveDueAt,
} from "./grievances";

/** An instant given as a wall-clock time in India. */
const ist = (s: string) => new Date(`${s}+05:30`);

describe("ticket numbers", () => {
  it("are GR-<year>-<six digits>, wider past 999,999", () => {
    expect(formatTicketNumber(2026, 123)).toBe("GR-2026-000123");
    expect(formatTicketNumber(2026, 1)).toBe("GR-2026-000001");
    expect(formatTicketNumber(2027, 999_999)).toBe("GR-2027-999999");
    expect(formatTicketNumber(2027, 1_000_000)).toBe("GR-2027-1000000");
    expect(() => formatTicketNumber(2026, 0)).toThrow();
    expect(() => formatTicketNumber(2026, 1.5)).toThrow();
    expect(() => formatTicketNumber(99, 1)).toThrow();
  });

  it("parse back as typed (case and spaces forgiven), and nothing else", () => {
    expect(parseTicketNumber(" gr-2026-000123 ")).toEqual({ year: 2026, seq: 123 });
    expect(parseTicketNumber("GR-2026-1000000")).toEqual({ year: 2026, seq: 1_000_000 });
    for (const bad of ["GR-2026-12", "GR-26-000123", "GR-2026-000000", "NL12345678", ""])
      expect(parseTicketNumber(bad)).toBeNull();
  });

  it("take the year in India: 00:10 IST on 1 January is the new year, 23:50 on 31 December the old", () => {
    expect(istYear(ist("2027-01-01T00:10:00"))).toBe(2027); // 2026-12-31 18:40 UTC
    expect(istYear(ist("2026-12-31T23:50:00"))).toBe(2026);
    expect(istYear(new Date("2026-12-31T18:30:00Z"))).toBe(2027); // midnight IST exactly
    expect(istYear(new Date("2026-12-31T18:29:59Z"))).toBe(2026);
  });
});

describe("the clocks", () => {
  it("acknowledge within 48 hours to the minute, across a date edge in India", () => {
    expect(acknowledgeDueAt(ist("2026-03-05T23:30:00"))).toEqual(ist("2026-03-07T23:30:00"));
  });

  it("resolve within one month of receipt, on India's calendar", () => {
    expect(resolveDueAt(ist("2026-03-05T14:05:00"))).toEqual(ist("2026-04-05T14:05:00"));
    // 31 January: no 31 February, so the month's last day (2028 is a leap year).
    expect(resolveDueAt(ist("2026-01-31T23:50:00"))).toEqual(ist("2026-02-28T23:50:00"));
    expect(resolveDueAt(ist("2028-01-31T10:00:00"))).toEqual(ist("2028-02-29T10:00:00"));
    // 00:10 IST on 31 March is still 30 March in UTC: the month is counted in India (30 April, not 1 May).
    expect(resolveDueAt(ist("2026-03-31T00:10:00"))).toEqual(ist("2026-04-30T00:10:00"));
    // December rolls into the next year.
    expect(resolveDueAt(ist("2026-12-15T09:00:00"))).toEqual(ist("2027-01-15T09:00:00"));
  });

  it("say met, late, running, near or overdue", () => {
    const due = ist("2026-03-07T12:00:00");
    const h = 3_600_000;
    expect(clockState(due, ist("2026-03-07T12:00:00"), ist("2026-03-09T00:00:00"), h)).toBe("met");
    expect(clockState(due, ist("2026-03-07T12:00:01"), ist("2026-03-09T00:00:00"), h)).toBe("late");
    expect(clockState(due, null, ist("2026-03-07T10:59:00"), h)).toBe("running");
    expect(clockState(due, null, ist("2026-03-07T11:00:00"), h)).toBe("near");
    expect(clockState(due, null, ist("2026-03-07T12:00:01"), h)).toBe("overdue");
  });

  it("of a ticket: 12 hours' warning to acknowledge, 5 days' to resolve", () => {
    const receivedAt = ist("2026-03-05T23:30:00");
    const at = (s: string) => grievanceClocks({ receivedAt, acknowledgedAt: null, resolvedAt: null }, ist(s));
    expect(at("2026-03-07T11:29:00")).toMatchObject({ acknowledge: "running", resolve: "running" });
    expect(at("2026-03-07T11:30:00")).toMatchObject({ acknowledge: "near" });
    expect(at("2026-03-07T23:31:00")).toMatchObject({ acknowledge: "overdue", resolve: "running" });
    expect(at("2026-03-31T23:30:00")).toMatchObject({ resolve: "near" });
    expect(at("2026-04-05T23:31:00")).toMatchObject({ resolve: "overdue" });
    const done = grievanceClocks(
      { receivedAt, acknowledgedAt: ist("2026-03-06T10:00:00"), resolvedAt: ist("2026-04-06T10:00:00") },
      ist("2026-05-01T00:00:00"),
    );
    expect(done).toMatchObject({ acknowledge: "met", resolve: "late" });
  });
});

describe("the complaint form", () => {
  const good = {
    name: "Asha",
    email: "asha@example.in",
    phone: "",
    orderNumber: "",
    category: "damaged",
    description: "The sign arrived cracked.",
  };
  it("takes an optional phone and order number", () => {
    expect(complaintSchema.parse(good)).toMatchObject({ phone: null, orderNumber: "" });
    expect(complaintSchema.parse({ ...good, phone: "98450 12345", orderNumber: "nl1a2b3c4d" })).toMatchObject(
      { phone: "+919845012345" },
    );
  });
  it("takes a post that leaves the optional fields out", () => {
    const { phone: _p, orderNumber: _o, ...rest } = good;
    expect(complaintSchema.parse(rest)).toMatchObject({ phone: null, orderNumber: "" });
  });
  it("names each field to fix", () => {
    const r = complaintSchema.safeParse({
      name: "",
      email: "nope",
      phone: "123",
      orderNumber: "ORDER 5",
      category: "anger",
      description: " ",
    });
    expect(r.success).toBe(false);
    expect(new Set(r.error!.issues.map((i) => i.path[0]))).toEqual(
      new Set(["name", "email", "phone", "orderNumber", "category", "description"]),
    );
  });
});

describe("the browser's check of the complaint form", () => {
  it("says what the server's schema says, without zod", () => {
    const values = { name: " ", email: "nope", phone: "", orderNumber: "", category: "", description: "" };
    const browser = checkComplaintFields(values);
    const server = complaintSchema.safeParse(values);
    const serverMessages = Object.fromEntries(
      server.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    for (const [field, message] of Object.entries(browser)) expect(serverMessages[field]).toBe(message);
    expect(Object.keys(browser).sort()).toEqual(["category", "description", "email", "name"]);
    expect(
      checkComplaintFields({ ...values, name: "A", email: "a@b.in", category: "other", description: "x" }),
    ).toEqual({});
  });
});

describe("the inbox filter and the dashboard lines", () => {
  it("defaults to the unresolved tickets", () => {
    expect(inboxFilter(null)).toBe("unresolved");
    expect(inboxFilter("<script>")).toBe("unresolved");
    expect(statusesOf("unresolved")).toEqual(["open", "acknowledged"]);
    expect(statusesOf("new")).toEqual(["open"]);
  });
  it("warn about tickets near or past a clock", () => {
    const [ack, res] = complaintTodos({
      toAcknowledge: 3,
      acknowledgeOverdue: 1,
      acknowledgeNear: 2,
      toResolve: 4,
      resolveOverdue: 0,
      resolveNear: 0,
    });
    expect(ack).toMatchObject({ count: 3, alert: "1 overdue, 2 due within 12 hours" });
    expect(res).toMatchObject({ count: 4 });
    expect(res!.alert).toBeUndefined();
  });
});
