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
