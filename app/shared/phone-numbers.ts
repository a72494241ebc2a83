import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { InternationalCountryCode } from "./countries";

/**
 * A phone number of one of the countries the shop ships to, checked with libphonenumber-js (Google's
 * rules for each country), as E.164 (+971501234567); null when it is not a valid number there.
 */
export function normalizeForeignPhone(raw: string, country: InternationalCountryCode): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  if (!parsed || !parsed.isValid() || parsed.country !== country) return null;
  return parsed.number;
}

/**
 * The recipient as the Cloud API wants it: the E.164 number without its '+' ("919876543210",
 * "971501234567"); null when the stored phone is not a valid number (nothing is sent then).
 */
export function whatsAppRecipient(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), "IN");
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number.slice(1);
}

/**
 * A phone number as the shop shows it (issue 42): grouped as its country writes it, after its country code
 * ("+91 94120 55678", "+971 50 123 4567"); a number without a country code is read as Indian. What is not a
 * valid number is shown as it was typed. For showing only: numbers are stored as they are (E.164 for orders),
 * and tel: links take the digits (telHref).
 */
export function formatPhone(phone: string): string {
  const raw = phone.trim();
  const parsed = raw ? parsePhoneNumberFromString(raw, "IN") : undefined;
  return parsed?.isValid() ? parsed.formatInternational() : raw;
}
