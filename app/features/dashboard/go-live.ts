import { z } from "~/shared/zod";
import { formatPhone } from "~/shared/phone-numbers";
import { keysHref, settingsFieldHref } from "~/features/settings/settings-sections";

/**
 * The go-live checklist (issue 27): what a new owner fills in before opening, each item with where to fill it.
 * Pure: the facts come from the shop settings, the environment and the owner's ticks (go_live_ticks).
 */

/** The answers only the owner can give, kept as ticks. */
export const GO_LIVE_TICKS = ["gst-not-registered", "pickup-confirmed", "policies-reviewed"] as const;
export type GoLiveTick = (typeof GO_LIVE_TICKS)[number];

/** The checklist's form: tick or untick one answer. */
export const goLiveTickSchema = z.object({
  intent: z.literal("go-live-tick"),
  item: z.enum(GO_LIVE_TICKS, "Unknown checklist item."),
  ticked: z.enum(["yes", "no"], "Tick or untick the item."),
});

/** The demo's first-start values (app/platform/env.server.ts): still there means not filled in yet. */
export const DEMO_CONTACT = {
  email: "hello@neonlights.in",
  phone: "+91 98765 43210",
  address: "Badaun, Uttar Pradesh, India",
};

export type GoLiveFacts = {
  storeName: string;
  legalName: string;
  gstin: string | null;
  paymentKeys: boolean;
  store: { email: string; phone: string; address: string };
  grievance: { name: string; email: string; phone: string };
  pickupPincode: string;
  ticks: ReadonlySet<GoLiveTick>;
};

export type GoLiveItem = {
  id: string;
  label: string;
  done: boolean;
  /** What is there now, or what is missing. */
  detail: string;
  /** Where to fill it in, and the link's words when not "Fill it in". */
  href: string;
  linkLabel?: string;
  /** An answer the owner gives here with a tick (rather than on another page). */
  tick?: { item: GoLiveTick; label: string; ticked: boolean };
};

export function goLiveChecklist(f: GoLiveFacts): GoLiveItem[] {
  const notRegistered = f.ticks.has("gst-not-registered");
  const demoContact =
    f.store.email === DEMO_CONTACT.email ||
    f.store.phone === DEMO_CONTACT.phone ||
    f.store.address === DEMO_CONTACT.address;
  const grievanceSet =
    f.grievance.name.trim() !== "" &&
    f.grievance.name !== "Grievance Officer" &&
    f.grievance.email !== DEMO_CONTACT.email &&
    f.grievance.phone !== DEMO_CONTACT.phone;
  return [
    {
      id: "legal-name",
      label: "Legal name",
      done: f.legalName.trim() !== "" && f.legalName !== "NeonLights",
      detail:
        f.legalName !== "NeonLights"
          ? f.legalName
          : "The demo's name: write your business's registered name (as on its PAN or GST registration).",
      href: settingsFieldHref("legal.legalName"),
    },
    {
      id: "gst",
      label: "GSTIN, or not registered for GST",
      done: Boolean(f.gstin) || notRegistered,
      detail: f.gstin
        ? `GSTIN ${f.gstin}: a tax invoice is issued when each order is dispatched.`
        : notRegistered
          ? "Not registered for GST: each order gets a bill of supply (no GST charged) when it is dispatched, not a tax invoice."
          : "No GSTIN: orders are dispatched without a tax invoice until you add one, or say the shop is not registered (orders then get a bill of supply).",
      href: settingsFieldHref("legal.gstin"),
      ...(f.gstin
        ? {}
        : {
            tick: {
              item: "gst-not-registered" as const,
              label: "The shop is not registered for GST",
              ticked: notRegistered,
            },
          }),
    },
    {
      id: "payment-keys",
      label: "Payment keys",
      done: f.paymentKeys,
      detail: f.paymentKeys
        ? "Razorpay keys are set: shoppers pay online for real."
        : "No Razorpay keys: online payments are test payments. Enter the key id and key secret from Razorpay's dashboard (Account & Settings > API Keys) in Settings > Keys.",
      href: keysHref("razorpay"),
    },
    {
      id: "contact",
      label: "Real contact details",
      done: !demoContact,
      detail: demoContact
        ? "The demo's e-mail, phone or address is still shown to shoppers."
        : `${f.store.email} · ${formatPhone(f.store.phone)}`,
      href: settingsFieldHref("store.email"),
    },
    {
      id: "grievance",
      label: "Grievance officer",
      done: grievanceSet,
      detail: grievanceSet
        ? `${f.grievance.name} · ${f.grievance.email}`
        : "Name the person who answers complaints (Consumer Protection (E-Commerce) Rules), with their own e-mail and phone.",
      href: settingsFieldHref("grievance.name"),
    },
    {
      id: "pickup",
      label: "Pickup address",
      done: f.ticks.has("pickup-confirmed"),
      detail: `Couriers collect from PIN ${f.pickupPincode}; delivery dates are counted from there.`,
      href: settingsFieldHref("shipping.pickupPincode"),
      tick: {
        item: "pickup-confirmed",
        label: "This is where couriers collect",
        ticked: f.ticks.has("pickup-confirmed"),
      },
    },
    {
      id: "policies",
      label: "Policies reviewed",
      done: f.ticks.has("policies-reviewed"),
      detail: "Read the shipping, return, privacy and terms pages (linked in the footer) as a shopper would.",
      href: "/shipping-info",
      linkLabel: "Read them",
      tick: {
        item: "policies-reviewed",
        label: "I have read the policies",
        ticked: f.ticks.has("policies-reviewed"),
      },
    },
  ];
}
