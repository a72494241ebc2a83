/**
 * Every table of the shop in one module: the platform's and each feature's tables.server.ts. drizzle-kit reads the
 * same files (drizzle.config.ts); this assembly is for code that must see every table at once (the tests that
 * check each table is in the personal-data map and in a backup).
 */
export * from "~/platform/db/tables.server";
export * from "~/features/after-sale/tables.server";
export * from "~/features/catalog/tables.server";
export * from "~/features/checkout-recovery/tables.server";
export * from "~/features/checkout/tables.server";
export * from "~/features/cod-confirmation/tables.server";
export * from "~/features/design-proofs/tables.server";
export * from "~/features/discount-codes/tables.server";
export * from "~/features/grievances/tables.server";
export * from "~/features/invoices/tables.server";
export * from "~/features/logo-quotes/tables.server";
export * from "~/features/month-end/tables.server";
export * from "~/features/offers/tables.server";
export * from "~/features/order-lifecycle/tables.server";
export * from "~/features/payments/tables.server";
export * from "~/features/reviews/tables.server";
export * from "~/features/settings/tables.server";
export * from "~/features/shipments/tables.server";
export * from "~/features/site-speed/tables.server";
export * from "~/features/staff/tables.server";
export * from "~/features/workshop/tables.server";
