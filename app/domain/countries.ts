/*
 * The countries the shop delivers to: India, and the six its Shipping policy names (online payment only,
 * a fee and delivery window per country from the shop settings). ISO 3166-1 alpha-2 codes.
 */

/** An Indian PIN code: 6 digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

export const INTERNATIONAL_COUNTRIES = [
  { code: "AE", name: "United Arab Emirates" },
  { code: "US", name: "United States" },
  { code: "GB", name: "United Kingdom" },
  { code: "CA", name: "Canada" },
  { code: "AU", name: "Australia" },
  { code: "SG", name: "Singapore" },
] as const;

export type InternationalCountryCode = (typeof INTERNATIONAL_COUNTRIES)[number]["code"];
export type CountryCode = "IN" | InternationalCountryCode;

export const INTERNATIONAL_COUNTRY_CODES = INTERNATIONAL_COUNTRIES.map((c) => c.code) as [
  InternationalCountryCode,
  ...InternationalCountryCode[],
];

export function countryName(code: string): string {
  if (code === "IN") return "India";
  return INTERNATIONAL_COUNTRIES.find((c) => c.code === code)?.name ?? code;
}

export function isInternationalCountry(code: string): code is InternationalCountryCode {
  return (INTERNATIONAL_COUNTRY_CODES as readonly string[]).includes(code);
}
