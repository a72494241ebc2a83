/*
 * Staff roles, few and fixed (issue 31, docs/decisions/043-staff-roles-and-two-factor.md). A role is a set
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

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including staff and settings.",
  operations: "Orders, shipping and returns. No refunds, no settings.",
  catalogue: "Categories, products, banners, bestsellers, offers, discount codes and reviews.",
  accounts: "Refunds, invoices, exports and the dashboard (orders read-only).",
};

export const PERMISSIONS = [
  /** Any signed-in staff member: the admin frame, live updates, their own security page. */
  "self",
  "dashboard",
  /** See the order lists and an order's dialog. */
  "orders.view",
  /** Change orders: status, payment received, returns, complaints, quotes, proofs. */
  "orders",
  /** Shipments and courier bookings. */
  "shipping",
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
  operations: ["self", "orders.view", "orders", "shipping"],
  catalogue: ["self", "catalogue", "reviews"],
  accounts: ["self", "dashboard", "orders.view", "refunds", "invoices", "exports"],
};

/** Whether a role may do what a permission names (the Owner may do everything). */
export function can(role: Role, permission: Permission): boolean {
  return role === "owner" || GRANTS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The admin navigation, in the spec's order, each link with the permission its page needs. */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; permission: Permission }> = [
  { to: "/admin", label: "Dashboard", permission: "dashboard" },
  { to: "/admin/categories", label: "Categories", permission: "catalogue" },
  { to: "/admin/products", label: "Products", permission: "catalogue" },
  { to: "/admin/bestselling", label: "Bestselling Products", permission: "catalogue" },
  { to: "/admin/banners", label: "Banners", permission: "catalogue" },
  { to: "/admin/purchases", label: "Purchase Details", permission: "orders.view" },
  { to: "/admin/custom-neon", label: "Custom Neon Orders", permission: "orders.view" },
  { to: "/admin/shipments", label: "Shipments", permission: "shipping" },
  { to: "/admin/logo-quotes", label: "Logo Quotes", permission: "orders" },
  { to: "/admin/reviews", label: "Reviews", permission: "reviews" },
  { to: "/admin/complaints", label: "Complaints", permission: "orders" },
  { to: "/admin/discount-codes", label: "Discount Codes", permission: "catalogue" },
  { to: "/admin/offers", label: "Offers", permission: "catalogue" },
  { to: "/admin/settings", label: "Settings", permission: "settings" },
  { to: "/admin/vitals", label: "Site Speed", permission: "settings" },
  { to: "/admin/staff", label: "Staff", permission: "staff" },
  { to: "/admin/audit", label: "Audit Trail", permission: "audit" },
  { to: "/admin/security", label: "My Security", permission: "self" },
];

/** Where a role lands after signing in: its first page in the navigation. */
export function homeOf(role: Role): string {
  return ADMIN_NAV.find((l) => can(role, l.permission))?.to ?? "/admin/security";
}

/** The role matrix as the README shows it: each permission and the roles that have it. */
export function roleMatrix(): Array<{ permission: Permission; roles: Role[] }> {
  return PERMISSIONS.filter((p) => p !== "owner").map((permission) => ({
    permission,
    roles: ROLES.filter((r) => can(r, permission)),
  }));
}
