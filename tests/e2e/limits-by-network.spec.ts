import { expect, test } from "@playwright/test";
import { startShop, type ShopProcess } from "../support/shop-process.mjs";
import { allow } from "./time-allowed";

// Issue 25 over HTTP: a shop behind a proxy (TRUST_PROXY=loopback), listening on every IPv4 and IPv6
// address (HOST=::, so Node reports IPv4 clients as ::ffff:a.b.c.d). The client's address comes from
// X-Forwarded-For, which a test can set as a proxy would. Each limit counts one /64, and one IPv4 client
// however it is spelt, as one client. No browser is needed.

let app: ShopProcess;
test.beforeAll(async () => {
  test.setTimeout(allow(180_000));
  app = await startShop({ TRUST_PROXY: "loopback", HOST: "::" });
});
test.afterAll(async () => {
  await app?.stop();
});

async function signIn(forwardedFor: string, email: string) {
  const res = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: app.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": forwardedFor,
    },
    body: new URLSearchParams({ email, password: "not the password" }),
  });
  await res.arrayBuffer();
  return res.status;
}

test("sign-in guesses from addresses rotated inside one /64 are counted as one client", async () => {
  const statuses = [];
  for (let i = 1; i <= 8; i++)
    statuses.push(await signIn(`2001:db8:ab:cd:${i.toString(16)}::${i}`, "owner@x.in"));
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  // Another /64 is another client.
  expect(await signIn("2001:db8:ab:ce::1", "owner@x.in")).toBe(401);
});

test("one IPv4 client written three ways is one client", async () => {
  const spellings = ["198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407"];
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push(await signIn(spellings[i % 3]!, "staff@x.in"));
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});

test("the shop's own IPv4 clients (seen as ::ffff: on a dual-stack listener) are counted by their IPv4 address", async () => {
  // No X-Forwarded-For: the socket's address, ::ffff:127.0.0.1 here, is the client.
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${app.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "local@x.in", password: "nope" }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  const client = await app.db();
  const r = await client.query("select distinct ip from login_attempts where email = 'local@x.in'");
  await client.end();
  expect(r.rows).toEqual([{ ip: "127.0.0.1" }]);
});

test("at most 4 event streams per /64; the 5th is told when to come back", async () => {
  const aborts: AbortController[] = [];
  const open = async (forwardedFor: string) => {
    const ac = new AbortController();
    aborts.push(ac);
    const res = await fetch(`${app.url}/api/events`, {
      headers: { "X-Forwarded-For": forwardedFor },
      signal: ac.signal,
    });
    return res;
  };
  try {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await open(`2001:db8:ee:1::${i}`)).status);
    const fifth = await open("2001:db8:ee:1:ffff::9");
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another network still gets its stream.
    expect((await open("2001:db8:ee:2::1")).status).toBe(200);
  } finally {
    for (const ac of aborts) ac.abort();
  }
});
