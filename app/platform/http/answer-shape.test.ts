import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "~/shared/zod";
import { NUL_MESSAGE } from "~/shared/text";
import { roleRefusal, requireSameOrigin } from "~/platform/auth/auth.server";
import { consume, RateLimited, tooManyRequests } from "~/platform/limits/rate-limit.server";
import { json, jsonOk, jsonRefusal, methodNotAllowed } from "./http.server";
import { jsonEndpoint } from "./json-endpoint.server";

/*
 * Decision 058: every JSON endpoint answers the one answer shape (FormAnswer): `{ ok, message?, fieldErrors? }`
 * with its data beside it, never `{ error }` or `{ success }`. These are the helpers every endpoint answers
 * through; tests/integration/answer-shape.test.ts checks a refusal of each kind over the real routes.
 */

// The limit store is the database's: here the limit's answer is stubbed; the rest runs for real.
vi.mock("~/platform/limits/rate-limit.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  consume: vi.fn(),
}));

/** The one answer shape: `ok` says which, a refusal has its sentence, and no old field is left. */
function expectOneAnswer(body: unknown, ok: boolean): void {
  expect(body).toBeTypeOf("object");
  const b = body as Record<string, unknown>;
  expect(b.ok).toBe(ok);
  expect(b).not.toHaveProperty("error");
  expect(b).not.toHaveProperty("success");
  if (!ok) expect(b.message).toEqual(expect.stringMatching(/\S/));
  if ("fieldErrors" in b) expect(b.fieldErrors).toBeTypeOf("object");
}

async function read(r: Response) {
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
}

describe("the JSON answer helpers", () => {
  it("jsonRefusal: { ok: false, message, fieldErrors? } with its status, uncached unless told", async () => {
    const plain = await read(jsonRefusal(404, "Not found"));
    expect(plain).toMatchObject({ status: 404, body: { ok: false, message: "Not found" } });
    expect(Object.keys(plain.body).sort()).toEqual(["message", "ok"]);
    expect(plain.headers.get("cache-control")).toBe("no-store");
    const fields = await read(
      jsonRefusal(422, "Check the PIN.", {
        fieldErrors: { pincode: "Check the PIN." },
        headers: { "cache-control": "public, max-age=60" },
      }),
    );
    expect(fields.body).toEqual({
      ok: false,
      message: "Check the PIN.",
      fieldErrors: { pincode: "Check the PIN." },
    });
    expect(fields.headers.get("cache-control")).toBe("public, max-age=60");
    expectOneAnswer(plain.body, false);
    expectOneAnswer(fields.body, false);
  });

  it("jsonOk: { ok: true, message? } with the endpoint's data beside it", async () => {
    expect((await read(jsonOk())).body).toEqual({ ok: true });
    const r = await read(jsonOk({ number: "NL/1" }, { message: "Ready.", status: 201 }));
    expect(r).toMatchObject({ status: 201, body: { ok: true, message: "Ready.", number: "NL/1" } });
    expectOneAnswer(r.body, true);
  });

  it("methodNotAllowed: 405, Allow: POST, the one shape", async () => {
    const r = await read(methodNotAllowed());
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(r.body).toEqual({ ok: false, message: "Method not allowed" });
  });

  it("tooManyRequests: 429 with Retry-After, the one shape with code and retryAfterSeconds beside it", async () => {
    const r = await read(tooManyRequests({ message: "Too many attempts.", retryAfterSeconds: 42 }));
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("42");
    expect(r.body).toEqual({
      ok: false,
      message: "Too many attempts.",
      code: "rate-limited",
      retryAfterSeconds: 42,
    });
  });

  it("the admin guards' refusals: cross-origin 403 and the role's 403 (with the role beside it)", async () => {
    const cross = new Request("http://shop.test/admin/x", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    let thrown: unknown;
    try {
      requireSameOrigin(cross);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const refused = await read(thrown as Response);
    expect(refused).toMatchObject({
      status: 403,
      body: { ok: false, message: "Cross-origin request refused" },
    });
    const role = await read(roleRefusal("catalogue"));
    expect(role.status).toBe(403);
    expect(role.body).toEqual({
      ok: false,
      message: "Your role (Catalogue) does not allow this.",
      role: "catalogue",
    });
  });
});

describe("jsonEndpoint's refusals", () => {
  const endpoint = jsonEndpoint(
    {
      limit: "vitalsPerClient",
      maxBytes: 100,
      schema: z.object({ n: z.number() }),
      invalid: () => jsonRefusal(400, "Not a number."),
    },
    async (input) => jsonOk({ n: input.n }),
  );
  const closed = jsonEndpoint(
    {
      limit: "vitalsPerClient",
      maxBytes: 100,
      schema: z.object({}),
      invalid: () => json({}),
      enabled: () => false,
    },
    async () => jsonOk(),
  );
  const post = (body: string, type = "application/json") =>
    new Request("http://shop.test/api/x", { method: "POST", body, headers: { "content-type": type } });
  const call = async (fn: typeof endpoint, request: Request) =>
    read(await fn({ request, context: { clientIp: "203.0.113.9" } }));

  beforeEach(() => {
    vi.mocked(consume).mockReset();
  });

  it("answers each refusal in the one shape, with the status it always had", async () => {
    const cases: [Request, number, string][] = [
      [new Request("http://shop.test/api/x"), 405, "Method not allowed"],
      [post('{"n":1}', "text/plain"), 415, "Send JSON (Content-Type: application/json)."],
      [post(`{"n":"${"9".repeat(200)}"}`), 413, "The request is too large."],
      [post("{oops"), 400, "The request is not valid JSON."],
      [post('{"n":"\\u0000"}'), 400, NUL_MESSAGE],
      [post('{"n":"one"}'), 400, "Not a number."],
    ];
    for (const [request, status, message] of cases) {
      const r = await call(endpoint, request);
      expect(r, message).toMatchObject({ status, body: { ok: false, message } });
      expectOneAnswer(r.body, false);
    }
    const off = await call(closed, post("{}"));
    expect(off).toMatchObject({ status: 404, body: { ok: false, message: "Not found" } });
    const ok = await call(endpoint, post('{"n":7}'));
    expect(ok).toMatchObject({ status: 200, body: { ok: true, n: 7 } });
  });

  it("answers the rate limit's 429 in the one shape", async () => {
    const limited = new RateLimited("vitalsPerClient", 60);
    vi.mocked(consume).mockRejectedValue(limited);
    const r = await call(endpoint, post('{"n":1}'));
    expect(r).toMatchObject({
      status: 429,
      body: { ok: false, message: limited.message, code: "rate-limited", retryAfterSeconds: 60 },
    });
    expectOneAnswer(r.body, false);
  });
});

describe("no endpoint writes the old answer", () => {
  /**
   * Answers still in an old shape, each with why (a test reads the old field and must change with it).
   * Empty this list as they move; nothing may join it.
   */
  const PENDING: Record<string, string> = {
    "app/features/checkout/routes/api-checkout-verify.ts":
      "{ success, error }: tests/integration/checkout-routes.test.ts and checkout-client.test.ts read `success`",
  };
  const OLD = [
    /\b(?:json|Response\.json|JSON\.stringify|data)\(\s*\{\s*(?:success:\s*\w+,\s*)?error:/,
    /\bbody:\s*\{\s*error:/,
  ];
  const root = path.resolve(import.meta.dirname, "../../..");
  function files(dir: string): string[] {
    return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
      const rel = `${dir}/${d.name}`;
      if (d.isDirectory()) return d.name === "+types" ? [] : files(rel);
      return /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [rel] : [];
    });
  }

  it("finds no `{ error: ... }` or `{ success, error }` answer in app/ or server/", () => {
    const offenders = ["app", "server"]
      .flatMap(files)
      .filter((f) => !(f in PENDING))
      .filter((f) => {
        const text = fs.readFileSync(path.join(root, f), "utf8");
        return OLD.some((re) => re.test(text));
      });
    expect(offenders).toEqual([]);
  });

  it("still sees the pending ones (so the list cannot go stale)", () => {
    for (const f of Object.keys(PENDING)) {
      const text = fs.readFileSync(path.join(root, f), "utf8");
      expect(
        OLD.some((re) => re.test(text)),
        f,
      ).toBe(true);
    }
  });
});
