import { settingsFormErrors } from "~/features/settings/shop-settings";

/*
 * The settings' sections (issue 42): each a page of its own, /admin/settings/<slug>, with its own form that
 * saves only its fields (decision 053). A section owns the settings its prefixes name; a dotted field name
 * belongs to the section with the longest prefix it starts with (the pickup PIN code is the courier's, the
 * rest of the shipping rules are the shipping section's).
 */

export type SettingsSection = {
  slug: string;
  title: string;
  /** What is on it, for the section menu and the settings overview. */
  description: string;
  /** The dotted prefixes of the settings it owns. */
  owns: readonly string[];
};

export const SETTINGS_SECTIONS = [
  {
    slug: "store",
    title: "Store",
    description: "Name, e-mail, phone, address, business hours and social links.",
    owns: ["store", "social", "quotes"],
  },
  {
    slug: "legal",
    title: "Legal and tax",
    description: "Legal name, GSTIN, HSN code and GST rate, the grievance officer, product facts.",
    owns: ["legal", "grievance", "productFacts"],
  },
  {
    slug: "shipping",
    title: "Shipping",
    description: "Delivery fees, free delivery, express PIN codes, days to dispatch and deliver, abroad.",
    owns: ["shipping"],
  },
  {
    slug: "courier",
    title: "Courier",
    description: "Pickup address and PIN code, boxes and weights, the courier booked, delivery by state.",
    owns: ["courier", "shipping.pickupPincode"],
  },
  {
    slug: "cod",
    title: "Cash on delivery",
    description: "COD confirmation, reminder and cancellation, and the orders that must be paid online.",
    owns: ["codConfirmation", "prepaid"],
  },
  {
    slug: "limits",
    title: "Order limits",
    description:
      "Units per order, largest order, waiting orders, stock held, checkouts per hour, staff discounts and pay links.",
    owns: ["limits", "chatOrders"],
  },
  {
    slug: "whatsapp",
    title: "WhatsApp",
    description: "The template names of the shopper's WhatsApp order updates.",
    owns: ["whatsappUpdates"],
  },
  {
    slug: "reminders",
    title: "Cart reminders",
    description: "Abandoned-checkout reminders: on or off, when, the second one's discount.",
    owns: ["recovery"],
  },
  {
    slug: "reviews",
    title: "Reviews",
    description: "How buyers' reviews are published.",
    owns: ["reviews"],
  },
  {
    slug: "workshop",
    title: "Workshop",
    description:
      "How signs are drawn for making, what making costs (LED flex, acrylic, adaptors, labour, packing) and the daily capacity.",
    owns: ["workshop"],
  },
  {
    slug: "feeds",
    title: "Product feeds",
    description: "The product feeds Google Merchant Center and Meta (Instagram and Facebook shops) read.",
    owns: ["feeds"],
  },
  {
    slug: "privacy",
    title: "Privacy",
    description: "The data requests' contact and how long personal data is kept.",
    owns: ["privacy"],
  },
] as const satisfies readonly SettingsSection[];

export type SectionSlug = (typeof SETTINGS_SECTIONS)[number]["slug"];

export const SETTINGS_PATH = "/admin/settings";

/**
 * The services' keys (Razorpay, Shiprocket, WhatsApp, SMTP): a page of the section menu whose forms are the
 * service-keys feature's (/admin/settings/keys, decision 055).
 */
export const KEYS_SECTION = {
  slug: "keys",
  title: "Keys",
  description: "Razorpay, Shiprocket, WhatsApp and mail server keys, stored encrypted; Check connection.",
} as const;

/** Where a service's keys are entered: its card on the Keys page. */
export const keysHref = (service: string) => `${SETTINGS_PATH}/keys#keys-${service}`;

/** The section named by a URL's slug, or undefined. */
export function settingsSection(slug: string | undefined): (typeof SETTINGS_SECTIONS)[number] | undefined {
  return SETTINGS_SECTIONS.find((s) => s.slug === slug);
}

const under = (name: string, prefix: string) => name === prefix || name.startsWith(`${prefix}.`);

/** The section a dotted field name belongs to (its longest owning prefix), or null. */
export function sectionOfField(name: string): SectionSlug | null {
  let best: { slug: SectionSlug; length: number } | null = null;
  for (const s of SETTINGS_SECTIONS)
    for (const p of s.owns)
      if (under(name, p) && p.length > (best?.length ?? -1)) best = { slug: s.slug, length: p.length };
  return best?.slug ?? null;
}

/** The values of the fields a section owns. */
export function ownedValues(slug: SectionSlug, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => sectionOfField(name) === slug));
}

/** The top-level settings a section's fields sit in (its form's check needs all of them). */
export function sectionGroups(slug: SectionSlug): string[] {
  const section = settingsSection(slug)!;
  return [...new Set(section.owns.map((p) => p.split(".")[0]!))];
}

/** The values of the top-level settings a section's fields sit in (the section form's base). */
export function groupValues(slug: SectionSlug, values: Record<string, string>): Record<string, string> {
  const groups = sectionGroups(slug);
  return Object.fromEntries(Object.entries(values).filter(([name]) => groups.some((g) => under(name, g))));
}

/**
 * A section form's check: the shop settings' schema over the section's fields laid on `base` (the rest of
 * the settings they sit in), its messages kept for the section's own fields.
 */
export function sectionFormErrors(slug: SectionSlug, base: Record<string, string>) {
  return (values: Record<string, string>): Record<string, string> => {
    const errors = settingsFormErrors({ ...base, ...ownedValues(slug, values) });
    return Object.fromEntries(Object.entries(errors).filter(([name]) => sectionOfField(name) === slug));
  };
}

/** The id of a setting's field on its section page ("legal.gstin" -> "settings-legal-gstin"). */
export const fieldId = (name: string) => `settings-${name.replaceAll(".", "-")}`;

/** Where a setting is filled in: its section's page, at its field. */
export function settingsFieldHref(name: string): string {
  const slug = sectionOfField(name);
  return slug ? `${SETTINGS_PATH}/${slug}#${fieldId(name)}` : SETTINGS_PATH;
}
