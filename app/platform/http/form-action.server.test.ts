import { data } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "~/shared/zod";
import { fieldErrorsOf } from "~/shared/form-errors";
import { requireAdmin } from "~/platform/auth/auth.server";
import { retryAfter, tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import { formAction } from "./form-action.server";

// The limit store and the session table are the database's: here the limit's answer and the admin check
// are stubbed; the same-origin check, the capped body reading and the schema run for real.
vi.mock("~/platform/limits/rate-limit.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  tryConsume: vi.fn(),
}));
// The audit trail (written after every admin action) is the database's: here it runs the action only.
vi.mock("~/platform/audit.server", () => ({
  auditAdminChange: (_who: unknown, run: () => Promise<unknown>) => run(),
}));
vi.mock("~/platform/auth/auth.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  requireAdmin: vi.fn(),
}));

const url = "http://shop.test/customize/logo";
const ADMIN = {
  idHash: "h",
  user: { id: "u1", email: "staff@example.com", role: "owner" as const },
  verifiedAt: null,
  hasSecondFactor: false,
};
const context = { clientIp: "203.0.113.9" };

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: "http://shop.test", ...headers },
  });
}

/** A chunked body of `size` bytes (no Content-Length) that records how much of it was read. */
function chunked(size: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  const chunk = new Uint8Array(16 * 1024).fill(97);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= size) return controller.close();
      const n = Math.min(chunk.length, size - pulled);
      pulled += n;
      controller.enqueue(chunk.subarray(0, n));
    },
  });
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://shop.test", ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const schema = z.object({ name: z.string().trim().min(2, "Enter your name."), size: z.enum(["S", "M"]) });

/** Answers in the logo quote's shape, each saying which branch gave it. */
const answers = {
  rateLimited: (r: { message: string; retryAfterSeconds: number }) =>
    data({ ok: false as const, errors: { _form: r.message } }, { status: 429, headers: retryAfter(r) }),
  tooLarge: (maxBytes: number) =>
    data({ ok: false as const, errors: { logo: `over ${maxBytes}` } }, { status: 413 }),
  unreadable: () => data({ ok: false as const, errors: { _form: "unreadable" } }, { status: 400 }),
  invalid: (error: z.ZodError) => data({ ok: false as const, errors: fieldErrorsOf(error) }, { status: 400 }),
};

const handled = vi.fn();
const quoteAction = formAction(
  { guard: "none", limit: "logoQuotePerClient", maxBytes: 1_000, schema, answers },
  async (input, ctx) => {
    handled(input, ctx.form.get("name"), ctx.clientNetwork, ctx.admin, ctx.params);
    return { ok: true as const, name: input.name };
  },
);

beforeEach(() => {
  handled.mockReset();
  vi.mocked(tryConsume).mockReset().mockResolvedValue({ ok: true });
  vi.mocked(requireAdmin).mockReset();
});

describe("formAction", () => {
  it("runs the handler with the parsed input, the form and the client's network", async () => {
    const r = await quoteAction({
      request: post({ name: "  Asha ", size: "M" }),
      context,
      params: { t: "x" },
    });
    expect(r).toEqual({ ok: true, name: "Asha" });
    expect(handled).toHaveBeenCalledWith({ name: "Asha", size: "M" }, "  Asha ", "203.0.113.9", null, {
      t: "x",
    });
    expect(tryConsume).toHaveBeenCalledWith("logoQuotePerClient", "203.0.113.9");
  });

  it("answers a failed parse with the action's invalid answer (400, field errors), running nothing", async () => {
    const r = (await quoteAction({ request: post({ name: "A", size: "XL" }), context })) as {
      data: unknown;
      init: { status: number };
    };
    expect(r.init.status).toBe(400);
    expect(r.data).toEqual({
      ok: false,
      errors: { name: "Enter your name.", size: expect.any(String) as string },
    });
    expect(handled).not.toHaveBeenCalled();
  });

  it("answers 429 with Retry-After over the limit, before reading the body", async () => {
    vi.mocked(tryConsume).mockResolvedValue({
      ok: false,
      limit: "logoQuotePerClient",
      message: "Too many attempts. Please try again in 2 minutes.",
      retryAfterSeconds: 120,
    });
    const body = chunked(50_000);
    const r = (await quoteAction({ request: body.request, context })) as {
      data: unknown;
      init: { status: number; headers: Record<string, string> };
    };
    expect(r.init.status).toBe(429);
    expect(r.init.headers).toEqual({ "Retry-After": "120" });
    expect(r.data).toEqual({
      ok: false,
      errors: { _form: "Too many attempts. Please try again in 2 minutes." },
    });
    expect(body.request.bodyUsed).toBe(false);
    expect(handled).not.toHaveBeenCalled();
  });

  it("takes any answer for the 429, e.g. the JSON one of tooManyRequests", async () => {
    vi.mocked(tryConsume).mockResolvedValue({
      ok: false,
      limit: "x",
      message: "Slow down.",
      retryAfterSeconds: 7,
    });
    const json = formAction(
      {
        guard: "none",
        limit: "invoiceRequestPerClient",
        maxBytes: 1_024,
        answers: {
          rateLimited: (r) => tooManyRequests(r),
          tooLarge: () => Response.json({ ok: false }, { status: 413 }),
          unreadable: () => Response.json({ ok: false }, { status: 400 }),
        },
      },
      () => Response.json({ ok: true }),
    );
    const r = await json({ request: post({}), context });
    expect(r.status).toBe(429);
    expect(r.headers.get("Retry-After")).toBe("7");
    expect(await r.json()).toEqual({
      ok: false,
      message: "Slow down.",
      code: "rate-limited",
      retryAfterSeconds: 7,
    });
  });

  it("answers 413 for a chunked body that streams past the cap, without reading it all", async () => {
    const body = chunked(5_000_000);
    const r = (await quoteAction({ request: body.request, context })) as {
      data: unknown;
      init: { status: number };
    };
    expect(r.init.status).toBe(413);
    expect(r.data).toEqual({ ok: false, errors: { logo: "over 1000" } });
    expect(body.request.bodyUsed).toBe(true);
    expect(body.pulled()).toBeLessThan(100_000);
    expect(handled).not.toHaveBeenCalled();
  });

  it("answers 413 for a body announced above the cap, before reading it", async () => {
    const body = chunked(5_000, { "content-length": "5000" });
    const r = (await quoteAction({ request: body.request, context })) as { init: { status: number } };
    expect(r.init.status).toBe(413);
    expect(body.request.bodyUsed).toBe(false);
  });

  it("answers 400 for a body that is not a form", async () => {
    const request = new Request(url, {
      method: "POST",
      body: JSON.stringify({ name: "Asha", size: "M" }),
      headers: { "content-type": "application/json", origin: "http://shop.test" },
    });
    const r = (await quoteAction({ request, context })) as { data: unknown; init: { status: number } };
    expect(r.init.status).toBe(400);
    expect(r.data).toEqual({ ok: false, errors: { _form: "unreadable" } });
  });

  it("answers 400 for a multipart body that cannot be parsed", async () => {
    const request = new Request(url, {
      method: "POST",
      body: "--x\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=x", origin: "http://shop.test" },
    });
    const r = (await quoteAction({ request, context })) as { init: { status: number } };
    expect(r.init.status).toBe(400);
    expect(handled).not.toHaveBeenCalled();
  });

  it("takes the cap per request when maxBytes is a function (e.g. larger for an upload)", async () => {
    const byType = formAction(
      {
        guard: "none",
        maxBytes: (request) =>
          /^multipart\//.test(request.headers.get("content-type") ?? "") ? 100_000 : 100,
        answers: { tooLarge: (max) => `over ${max}`, unreadable: () => "unreadable" },
      },
      () => "read",
    );
    expect(await byType({ request: chunked(5_000).request })).toBe("over 100");
    const upload = new FormData();
    upload.set("note", "x".repeat(5_000));
    expect(await byType({ request: new Request(url, { method: "POST", body: upload }) })).toBe("read");
  });

  describe("guards", () => {
    const adminAction = formAction(
      {
        guard: "admin",
        maxBytes: 1_000,
        answers: { tooLarge: () => "too large" as const, unreadable: () => "unreadable" as const },
      },
      (input, { admin }) => ({ input, by: admin.user.email }),
    );

    it("'admin' passes the admin's session and the form's text fields (no schema)", async () => {
      vi.mocked(requireAdmin).mockResolvedValue(ADMIN);
      expect(await adminAction({ request: post({ intent: "save", a: "1" }) })).toEqual({
        input: { intent: "save", a: "1" },
        by: "staff@example.com",
      });
    });

    it("'admin' refusal: requireAdmin's 401 is thrown, nothing counted, the body never read", async () => {
      vi.mocked(requireAdmin).mockRejectedValue(
        Response.json({ error: "Admin login required" }, { status: 401 }),
      );
      const body = chunked(50_000);
      const thrown = await adminAction({ request: body.request }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(401);
      expect(body.request.bodyUsed).toBe(false);
      expect(tryConsume).not.toHaveBeenCalled();
    });

    const loginLike = formAction(
      {
        guard: "same-origin",
        limit: "logoQuotePerClient",
        maxBytes: 1_000,
        schema: z.object({ email: z.string() }),
        values: (form) => ({ email: form.get("email") }),
        answers: { ...answers, invalid: () => "invalid" as const },
      },
      ({ email }) => email,
    );

    it("'same-origin' refuses a cross-site post with 403 before the limit is counted", async () => {
      const thrown = await loginLike({
        request: post({ email: "a@b.in" }, { origin: "https://evil.test" }),
      }).catch((e: unknown) => e);
      expect((thrown as Response).status).toBe(403);
      expect(tryConsume).not.toHaveBeenCalled();
    });

    it("'same-origin' lets the shop's own page through; `values` picks what the schema parses", async () => {
      expect(await loginLike({ request: post({ email: "a@b.in" }) })).toBe("a@b.in");
      expect(await loginLike({ request: post({ other: "x" }) })).toBe("invalid");
    });
  });

  describe("intents (issue 41: roles hold for every intent)", () => {
    const ran = vi.fn();
    beforeEach(() => ran.mockReset());
    const dialog = formAction(
      {
        guard: "admin",
        permission: "orders.view",
        intents: {
          status: { permission: "orders", money: (f) => f.markPaid === "on" },
          payment: { permission: "refunds", money: true },
        },
        maxBytes: 1_000,
      },
      (input) => {
        ran(input);
        return "done";
      },
    );
    const as = (role: "owner" | "operations" | "accounts", minutesAgo: number | null = null) =>
      vi.mocked(requireAdmin).mockResolvedValue({
        ...ADMIN,
        user: { ...ADMIN.user, role },
        hasSecondFactor: minutesAgo !== null,
        verifiedAt: minutesAgo === null ? null : new Date(Date.now() - minutesAgo * 60_000),
      });
    const outcome = (fields: Record<string, string>) =>
      dialog({ request: post(fields) }).catch((e: unknown) => e);

    it("carries its table, and refuses an intent it does not list (400), running nothing", async () => {
      expect(Object.keys(dialog.intentRules ?? {})).toEqual(["status", "payment"]);
      expect(dialog.intentField).toBe("intent");
      as("owner");
      for (const intent of ["", "refund", "toString", "__proto__"]) {
        const r = (await outcome(intent ? { intent } : {})) as { data: unknown; init: { status: number } };
        expect(r.init.status, intent).toBe(400);
        expect(r.data).toMatchObject({ ok: false, message: "Unknown action." });
      }
      expect(ran).not.toHaveBeenCalled();
    });

    it("refuses an intent to a role without its permission (403) before any step-up", async () => {
      as("operations", 10);
      const refused = (await outcome({ intent: "payment", to: "refunded" })) as Response;
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ role: "operations" });
      // The same intent, money only by its fields: Operations may change the status, not mark it paid.
      as("operations");
      expect(((await outcome({ intent: "status", markPaid: "on" })) as Response).status).toBe(403);
      expect(await outcome({ intent: "status" })).toBe("done");
      as("accounts");
      expect(((await outcome({ intent: "status" })) as Response).status).toBe(403);
      expect(ran).toHaveBeenCalledTimes(1);
    });

    it("asks for step-up before money moves, and runs once the second factor is fresh", async () => {
      as("accounts", 6);
      const stale = (await outcome({ intent: "payment", to: "refunded" })) as Response;
      expect(stale.status).toBe(302);
      expect(stale.headers.get("location")).toMatch(/^\/admin\/step-up\?next=/);
      as("owner", 6);
      expect(((await outcome({ intent: "status", markPaid: "on" })) as Response).status).toBe(302);
      expect(await outcome({ intent: "status" })).toBe("done");
      expect(ran).toHaveBeenCalledTimes(1);
      as("accounts", 1);
      expect(await outcome({ intent: "payment", to: "refunded" })).toBe("done");
    });
  });

  it("answers refusals in the one form answer shape when the action gives none of its own", async () => {
    vi.mocked(tryConsume).mockResolvedValueOnce({
      ok: false,
      limit: "logoQuotePerClient",
      message: "Too many attempts. Please try again in 1 hour.",
      retryAfterSeconds: 3600,
    });
    const plain = formAction(
      { guard: "none", limit: "logoQuotePerClient", maxBytes: 64, schema },
      () => "handled",
    );
    const limited = (await plain({ request: post({ name: "Asha", size: "S" }), context })) as {
      data: unknown;
      init: { status: number; headers: Record<string, string> };
    };
    expect(limited.init.status).toBe(429);
    expect(limited.init.headers["Retry-After"]).toBe("3600");
    expect(limited.data).toEqual({ ok: false, message: "Too many attempts. Please try again in 1 hour." });

    vi.mocked(tryConsume).mockResolvedValue({ ok: true });
    const big = (await plain({ request: post({ name: "x".repeat(100), size: "S" }), context })) as {
      data: unknown;
      init: { status: number };
    };
    expect(big).toMatchObject({
      init: { status: 413 },
      data: { ok: false, message: "The form is too large." },
    });
    const invalid = (await plain({ request: post({ name: "A", size: "L" }), context })) as {
      data: { fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data).toMatchObject({ ok: false, message: "Please check the highlighted fields." });
    expect(Object.keys(invalid.data.fieldErrors).sort()).toEqual(["name", "size"]);
    const unreadable = (await plain({
      request: new Request(url, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json", origin: "http://shop.test" },
      }),
      context,
    })) as { data: unknown; init: { status: number } };
    expect(unreadable).toMatchObject({ init: { status: 400 }, data: { ok: false } });
  });
});
