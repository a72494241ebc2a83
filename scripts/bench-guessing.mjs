// `npm run bench:guessing`: how fast a stranger can guess, as issue 25 tried it: a shop behind a proxy
// (TRUST_PROXY=loopback) and a client that rotates its address inside one IPv6 /64 on every request, as
// any home line with IPv6 can. For SECONDS each, it guesses an admin's password and discount codes as fast
// as the shop answers, then prints how many guesses were actually checked (a 401, or a code answer that is
// not "wait") and the rate that gives per hour. A second round rotates the /64 too (a new network for every
// request, as an attacker with many networks would) to show the account-wide sign-in limit.
import { startShop, writeResult } from "./bench-support.mjs";

const SECONDS = Number(process.env.GUESS_SECONDS ?? 20);
const shop = await startShop({ TRUST_PROXY: "loopback" });
console.log(`Shop on ${shop.url} (default limits, TRUST_PROXY=loopback), ${SECONDS} s per attack`);

let n = 0;
const oneSixtyFour = () => `2001:db8:77:1:${(++n % 65536).toString(16)}::${((n * 7) % 65536).toString(16)}`;
const newNetwork = () => `2001:db8:${(++n % 65536).toString(16)}:${((n * 13) % 65536).toString(16)}::1`;

async function signInGuess(address) {
  const res = await fetch(`${shop.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: shop.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": address,
    },
    body: new URLSearchParams({ email: "owner@neonlights.in", password: `guess-${n}` }),
  });
  await res.arrayBuffer();
  return res.status === 401;
}

async function codeGuess(address) {
  const res = await fetch(`${shop.url}/api/checkout/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ items: [], discountCode: `GUESS${n}` }),
  });
  const body = await res.json().catch(() => ({}));
  return (
    res.status === 200 && typeof body.discountError === "string" && !/^Too many/.test(body.discountError)
  );
}

async function attack(name, guess, address) {
  const end = Date.now() + SECONDS * 1000;
  let tried = 0;
  let checked = 0;
  while (Date.now() < end) {
    tried++;
    if (await guess(address())) checked++;
  }
  console.log(`${name.padEnd(48)} ${String(tried).padStart(6)} sent, ${String(checked).padStart(5)} checked`);
  return { tried, checked, seconds: SECONDS };
}

const results = {};
try {
  results.signInOne64 = await attack("sign-in, addresses rotated in one /64", signInGuess, oneSixtyFour);
  results.codesOne64 = await attack("discount codes, addresses rotated in one /64", codeGuess, oneSixtyFour);
  results.signInManyNetworks = await attack(
    "sign-in, a new network for every guess",
    signInGuess,
    newNetwork,
  );
  results.codesManyNetworks = await attack(
    "discount codes, a new network for every guess",
    codeGuess,
    newNetwork,
  );
} finally {
  await shop.stop();
}
console.log(
  '\nChecked guesses are those the shop answered (a 401, or a code\'s own answer); the rest waited (429 or "Too many codes").\n' +
    "Over an hour the limits allow: sign-in 5 per network per 15 minutes and 10 per account from unknown networks;\n" +
    "codes 10 wrong answers per network and 600 for the whole shop.",
);
writeResult("guessing", { ...results });
