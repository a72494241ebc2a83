/**
 * The shopper's own order page: /orders/<access token>. The token is the order row's `access_token`
 * (64 lower-case hex characters, random, set by the database; decision 019). Whoever has the link sees that
 * one order; nothing else identifies an order to a shopper.
 */

const TOKEN = /^[0-9a-f]{64}$/;

export function isOrderAccessToken(value: string): boolean {
  return TOKEN.test(value);
}

export function orderPagePath(accessToken: string): string {
  return `/orders/${accessToken}`;
}

/** The absolute link for e-mails and messages; `publicUrl` is the shop's PUBLIC_URL without a trailing slash. */
export function orderPageUrl(publicUrl: string, accessToken: string): string {
  return `${publicUrl}${orderPagePath(accessToken)}`;
}
