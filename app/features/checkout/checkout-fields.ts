import { PINCODE_PATTERN } from "~/shared/countries";
import { addDays, todayInIndia } from "~/shared/ist-dates";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";

/*
 * The checkout's plain facts and checks, without zod (issue 33): what the checkout page needs for its first
 * view (states, the PIN pattern, the earliest delivery date, the mobile number's form). The form's schema
 * (checkout.ts, with zod, phone numbers abroad and the GSTIN check) is loaded when the shopper starts on
 * the form; checkout.ts re-exports all of this, so the server imports one module.
 */
export { PINCODE_PATTERN };

/** India's 28 states and 8 union territories (PRODUCT.md: the spec's list leaves out Delhi and the UTs). */
export const INDIAN_STATES = [
  { value: "andhra-pradesh", label: "Andhra Pradesh" },
  { value: "arunachal-pradesh", label: "Arunachal Pradesh" },
  { value: "assam", label: "Assam" },
  { value: "bihar", label: "Bihar" },
  { value: "chhattisgarh", label: "Chhattisgarh" },
  { value: "goa", label: "Goa" },
  { value: "gujarat", label: "Gujarat" },
  { value: "haryana", label: "Haryana" },
  { value: "himachal-pradesh", label: "Himachal Pradesh" },
  { value: "jharkhand", label: "Jharkhand" },
  { value: "karnataka", label: "Karnataka" },
  { value: "kerala", label: "Kerala" },
  { value: "madhya-pradesh", label: "Madhya Pradesh" },
  { value: "maharashtra", label: "Maharashtra" },
  { value: "manipur", label: "Manipur" },
  { value: "meghalaya", label: "Meghalaya" },
  { value: "mizoram", label: "Mizoram" },
  { value: "nagaland", label: "Nagaland" },
  { value: "odisha", label: "Odisha" },
  { value: "punjab", label: "Punjab" },
  { value: "rajasthan", label: "Rajasthan" },
  { value: "sikkim", label: "Sikkim" },
  { value: "tamil-nadu", label: "Tamil Nadu" },
  { value: "telangana", label: "Telangana" },
  { value: "tripura", label: "Tripura" },
  { value: "uttar-pradesh", label: "Uttar Pradesh" },
  { value: "uttarakhand", label: "Uttarakhand" },
  { value: "west-bengal", label: "West Bengal" },
  // Union territories
  { value: "andaman-and-nicobar-islands", label: "Andaman and Nicobar Islands" },
  { value: "chandigarh", label: "Chandigarh" },
  { value: "dadra-and-nagar-haveli-and-daman-and-diu", label: "Dadra and Nagar Haveli and Daman and Diu" },
  { value: "delhi", label: "Delhi" },
  { value: "jammu-and-kashmir", label: "Jammu and Kashmir" },
  { value: "ladakh", label: "Ladakh" },
  { value: "lakshadweep", label: "Lakshadweep" },
  { value: "puducherry", label: "Puducherry" },
] as const;

export type StateSlug = (typeof INDIAN_STATES)[number]["value"];

export function stateLabel(slug: string): string {
  return INDIAN_STATES.find((s) => s.value === slug)?.label ?? slug;
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodId, string> = {
  razorpay: "Online Payment",
  cod: "Cash on Delivery",
};

/** The earliest preferred delivery date is today (in India) plus this many days. */
export const MIN_DELIVERY_DAYS = 7;
export const MAX_DELIVERY_DAYS = 365;

/** The earliest preferred delivery date a shopper may choose: today in India + 7 days. */
export function minPreferredDate(now: Date = new Date()): string {
  return addDays(todayInIndia(now), MIN_DELIVERY_DAYS);
}

export function maxPreferredDate(now: Date = new Date()): string {
  return addDays(todayInIndia(now), MAX_DELIVERY_DAYS);
}

const MOBILE = /^[6-9][0-9]{9}$/;

/**
 * A 10-digit Indian mobile number as +91XXXXXXXXXX, or null. Spaces, dashes, dots and brackets are
 * ignored; an optional +91, 91 (with 10 digits after it) or 0 in front is accepted.
 */
export function normalizeIndianMobile(raw: string): string | null {
  let digits = raw.trim().replace(/[\s\-.()]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.startsWith("+")) return null;
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return MOBILE.test(digits) ? `+91${digits}` : null;
}

/** Where the checkout leaves the placed order for the confirmation page (localStorage). */
export const LAST_ORDER_STORAGE_KEY = "lastOrderDetails";
