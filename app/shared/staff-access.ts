/*
 * The staff access model, shared by the platform's guards and the admin's pages. Staff roles, few and fixed (issue 31, docs/decisions/043-staff-roles-and-two-factor.md). A role is a set
 * of permissions; every admin loader and action names the permission it needs and the server checks it
 * (requireAdmin(request, permission)). A guard that names none is for the Owner only, so a new admin
 * route is closed to the other roles until someone decides otherwise.
 */

export const ROLES = ["owner", "operations", "catalogue", "accounts"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  operations: "Operations",
  catalogue: "Catalogue",
  accounts: "Accounts",
};

export const PERMISSIONS = [
  /** Any signed-in staff member: the admin frame, live updates, their own security page. */
  "self",
  "dashboard",
  /** See the order lists and an order's dialog. */
  "orders.view",
  /** Change orders: status, returns, complaints, quotes, proofs (money and the books need "refunds"). */
  "orders",
  /** Shipments and courier bookings. */
  "shipping",
  /** The workshop: the production board and the production packs (issue 44). */
  "production",
  /** Refunds, and every other change that moves money or the books (MONEY_PERMISSION). */
  "refunds",
  "invoices",
  /** CSV exports of orders and customers. */
  "exports",
  /** Categories, products, banners, bestsellers, offers, discount codes. */
  "catalogue",
  /** Review moderation. */
  "reviews",
  /** Shop settings, payment and courier settings, site speed, go-live. */
  "settings",
  "staff",
  "audit",
  /** What only the Owner does: the meaning of a guard without a permission. */
  "owner",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Exclude<Role, "owner">, readonly Permission[]> = {
  operations: ["self", "orders.view", "orders", "shipping", "production"],
  catalogue: ["self", "catalogue", "reviews"],
  accounts: ["self", "dashboard", "orders.view", "refunds", "invoices", "exports"],
};

/** Whether a role may do what a permission names (the Owner may do everything). */
export function can(role: Role, permission: Permission): boolean {
  return role === "owner" || GRANTS[role].includes(permission);
}

/*
 * Roles hold for every intent (issue 41): an admin action lists each intent it accepts with what that intent
 * needs (formAction's `intents`), so a page open to a role does not open all of its forms to it.
 */

/**
 * What a change that moves money or the books needs, whichever page it is on: a payment status, a refund, a
 * credit note, issuing or cancelling an invoice, cash on delivery marked collected or remitted. Besides this
 * permission it asks for the second factor again after 5 minutes (step-up).
 */
export const MONEY_PERMISSION = "refunds" satisfies Permission;

/** What one intent of an admin action needs. */
export type IntentRule = {
  /** Left out: the Owner only (as a guard that names no permission). */
  permission?: Permission;
  /**
   * The intent moves money or the books: always, or when its fields say so (e.g. a status change that also
   * marks cash collected). It then needs MONEY_PERMISSION as well, and step-up.
   */
  money?: boolean | ((fields: Readonly<Record<string, string>>) => boolean);
};

/** An action's intents (by the value of its intent field) and what each needs. */
export type IntentRules = Readonly<Record<string, IntentRule>>;

/** The same rule for each of these intents (an action whose intents all need one permission). */
export function sameRuleFor(intents: readonly string[], rule: IntentRule): IntentRules {
  return Object.fromEntries(intents.map((name) => [name, rule]));
}

/** Every permission an intent posted with these fields needs, and whether it asks for step-up. */
export function intentNeeds(
  rule: IntentRule,
  fields: Readonly<Record<string, string>>,
): { permissions: Permission[]; stepUp: boolean } {
  const own = rule.permission ?? "owner";
  const money = typeof rule.money === "function" ? rule.money(fields) : rule.money === true;
  if (!money) return { permissions: [own], stepUp: false };
  return { permissions: own === MONEY_PERMISSION ? [own] : [own, MONEY_PERMISSION], stepUp: true };
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
