/*
 * Mail that carries what a stranger typed (name, address, sign text) must not become a relay for links.
 * Shopper text is HTML-escaped and made inert: anything a mail client would turn into a link (a URL, a
 * domain, an email address) has its dots, at-signs and "://" replaced by look-alikes that no autolinker
 * matches, so it reads the same to a person but is never clickable. The shop's own text is left alone.
 */

import { escapeHtml } from "./text";

export { escapeHtml };

/** A token a mail client may autolink: has "://", "www.", an "@" between word characters, or a dot before 2+ letters. */
const LINKISH = /\S*(?::\/\/|www\.|\w@\w|\w\.[a-z]{2,})\S*/gi;
const ONE_DOT_LEADER = "\u2024";
const FULLWIDTH_AT = "\uFF20";
const WORD_JOINER = "\u2060";

/** Shopper text as plain text that no mail client turns into a link. */
export function inertText(s: string): string {
  return s.replace(LINKISH, (token) =>
    token
      .replace(/\./g, ONE_DOT_LEADER)
      .replace(/@/g, FULLWIDTH_AT)
      .replace(/:\/\//g, `:${WORD_JOINER}/${WORD_JOINER}/`),
  );
}

/** Shopper text for an HTML mail: inert, then escaped. */
export function inertHtml(s: string): string {
  return escapeHtml(inertText(s));
}

/** Tells Apple Mail and others not to turn numbers, dates and addresses into links either. */
export const NO_AUTOLINK_HEAD =
  '<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no"><style>a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}</style>';

/**
 * The mailbox behind an address, for counting mails per recipient: lower case, "+tag" dropped, and dots
 * dropped for Gmail (where a.b@gmail.com and ab@gmail.com are one mailbox).
 */
export function mailboxKey(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  if (at < 1) return email.trim().toLowerCase();
  const e = email.trim().toLowerCase();
  let local = e.slice(0, at).split("+")[0]!;
  const domain = e.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") local = local.replace(/\./g, "");
  return `${local}@${domain === "googlemail.com" ? "gmail.com" : domain}`;
}
