import { can, PERMISSIONS, ROLES, type Permission, type Role } from "~/shared/staff-access";

/** What each role is for, as the staff page and the README say it. */
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, including staff and settings.",
  operations: "Orders, shipping and returns. No payments, refunds or invoices, no settings.",
  catalogue: "Categories, products, banners, bestsellers, offers, discount codes and reviews.",
  accounts: "Refunds, invoices, exports and the dashboard (orders read-only).",
};

/** The admin navigation, in the spec's order, each link with the permission its page needs. */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; permission: Permission }> = [
  { to: "/admin", label: "Dashboard", permission: "dashboard" },
  { to: "/admin/categories", label: "Categories", permission: "catalogue" },
  { to: "/admin/products", label: "Products", permission: "catalogue" },
  { to: "/admin/bestselling", label: "Bestselling Products", permission: "catalogue" },
  { to: "/admin/banners", label: "Banners", permission: "catalogue" },
  { to: "/admin/purchases", label: "Purchase Details", permission: "orders.view" },
  { to: "/admin/custom-neon", label: "Custom Neon Orders", permission: "orders.view" },
  { to: "/admin/orders/new", label: "Chat Orders", permission: "orders" },
  { to: "/admin/shipments", label: "Shipments", permission: "shipping" },
  { to: "/admin/production", label: "Production", permission: "production" },
  { to: "/admin/logo-quotes", label: "Logo Quotes", permission: "orders" },
  { to: "/admin/reviews", label: "Reviews", permission: "reviews" },
  { to: "/admin/complaints", label: "Complaints", permission: "orders" },
  { to: "/admin/discount-codes", label: "Discount Codes", permission: "catalogue" },
  { to: "/admin/offers", label: "Offers", permission: "catalogue" },
  { to: "/admin/month-end", label: "Month End", permission: "invoices" },
  { to: "/admin/money", label: "Money", permission: "invoices" },
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
