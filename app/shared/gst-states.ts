/*
 * GST state codes (the first two digits of a GSTIN, and the code printed with the place of supply), for
 * India's 28 states and 8 union territories as the checkout lists them. Andhra Pradesh is 37 (28 was its
 * pre-2014 code), Dadra and Nagar Haveli and Daman and Diu is 26 since their merger (25 is retired).
 * Union territories without a legislature levy UTGST instead of SGST (UTGST Act 2017, section 7); Delhi,
 * Puducherry and Jammu and Kashmir have legislatures and levy SGST.
 */

/** `slug`: the checkout's state value (app/features/checkout/checkout.ts INDIAN_STATES). */
export type GstState = { slug: string; code: string; name: string; utgst: boolean };

export const GST_STATES: readonly GstState[] = [
  { slug: "jammu-and-kashmir", code: "01", name: "Jammu and Kashmir", utgst: false },
  { slug: "himachal-pradesh", code: "02", name: "Himachal Pradesh", utgst: false },
  { slug: "punjab", code: "03", name: "Punjab", utgst: false },
  { slug: "chandigarh", code: "04", name: "Chandigarh", utgst: true },
  { slug: "uttarakhand", code: "05", name: "Uttarakhand", utgst: false },
  { slug: "haryana", code: "06", name: "Haryana", utgst: false },
  { slug: "delhi", code: "07", name: "Delhi", utgst: false },
  { slug: "rajasthan", code: "08", name: "Rajasthan", utgst: false },
  { slug: "uttar-pradesh", code: "09", name: "Uttar Pradesh", utgst: false },
  { slug: "bihar", code: "10", name: "Bihar", utgst: false },
  { slug: "sikkim", code: "11", name: "Sikkim", utgst: false },
  { slug: "arunachal-pradesh", code: "12", name: "Arunachal Pradesh", utgst: false },
  { slug: "nagaland", code: "13", name: "Nagaland", utgst: false },
  { slug: "manipur", code: "14", name: "Manipur", utgst: false },
  { slug: "mizoram", code: "15", name: "Mizoram", utgst: false },
  { slug: "tripura", code: "16", name: "Tripura", utgst: false },
  { slug: "meghalaya", code: "17", name: "Meghalaya", utgst: false },
  { slug: "assam", code: "18", name: "Assam", utgst: false },
  { slug: "west-bengal", code: "19", name: "West Bengal", utgst: false },
  { slug: "jharkhand", code: "20", name: "Jharkhand", utgst: false },
  { slug: "odisha", code: "21", name: "Odisha", utgst: false },
  { slug: "chhattisgarh", code: "22", name: "Chhattisgarh", utgst: false },
  { slug: "madhya-pradesh", code: "23", name: "Madhya Pradesh", utgst: false },
  { slug: "gujarat", code: "24", name: "Gujarat", utgst: false },
  {
    slug: "dadra-and-nagar-haveli-and-daman-and-diu",
    code: "26",
    name: "Dadra and Nagar Haveli and Daman and Diu",
    utgst: true,
  },
  { slug: "maharashtra", code: "27", name: "Maharashtra", utgst: false },
  { slug: "karnataka", code: "29", name: "Karnataka", utgst: false },
  { slug: "goa", code: "30", name: "Goa", utgst: false },
  { slug: "lakshadweep", code: "31", name: "Lakshadweep", utgst: true },
  { slug: "kerala", code: "32", name: "Kerala", utgst: false },
  { slug: "tamil-nadu", code: "33", name: "Tamil Nadu", utgst: false },
  { slug: "puducherry", code: "34", name: "Puducherry", utgst: false },
  { slug: "andaman-and-nicobar-islands", code: "35", name: "Andaman and Nicobar Islands", utgst: true },
  { slug: "telangana", code: "36", name: "Telangana", utgst: false },
  { slug: "andhra-pradesh", code: "37", name: "Andhra Pradesh", utgst: false },
  { slug: "ladakh", code: "38", name: "Ladakh", utgst: true },
];

/** The place of supply printed for exports (the GST returns' code for "Other Countries"). */
export const EXPORT_PLACE_OF_SUPPLY = { code: "96", name: "Other Countries" } as const;

export function gstStateBySlug(slug: string): GstState | undefined {
  return GST_STATES.find((s) => s.slug === slug);
}

export function gstStateByCode(code: string): GstState | undefined {
  return GST_STATES.find((s) => s.code === code);
}
