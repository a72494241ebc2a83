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

/** How an address is written in each country: the region's name (none in Singapore) and the postal code. */
export const ADDRESS_FORMATS: Record<
  InternationalCountryCode,
  {
    region: { label: string; required: boolean } | null;
    postal: { label: string; pattern: RegExp; example: string; required: boolean };
  }
> = {
  AE: {
    region: { label: "Emirate", required: true },
    postal: { label: "Postal Code", pattern: /^\d{0,6}$/, example: "", required: false },
  },
  US: {
    region: { label: "State", required: true },
    postal: {
      label: "ZIP Code",
      pattern: /^\d{5}(-\d{4})?$/,
      example: "10001 or 10001-1234",
      required: true,
    },
  },
  GB: {
    region: { label: "County", required: false },
    postal: {
      label: "Postcode",
      pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
      example: "SW1A 1AA",
      required: true,
    },
  },
  CA: {
    region: { label: "Province", required: true },
    postal: {
      label: "Postal Code",
      pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
      example: "K1A 0B1",
      required: true,
    },
  },
  AU: {
    region: { label: "State or Territory", required: true },
    postal: { label: "Postcode", pattern: /^\d{4}$/, example: "2000", required: true },
  },
  SG: {
    region: null,
    postal: { label: "Postal Code", pattern: /^\d{6}$/, example: "018956", required: true },
  },
};

export const DUTIES_NOTE =
  "Orders abroad are paid online. Customs duties and import taxes are paid by the customer on delivery.";
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
