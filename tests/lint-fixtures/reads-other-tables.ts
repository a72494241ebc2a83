// Linted as app/features/settings/fixture.server.ts: a low feature may read a higher feature's tables (the
// schema is one relational whole, decision 057), but not its other modules, and no feature imports app/wiring.
import { orders } from "~/features/order-lifecycle/tables.server";
import { displayOrderId } from "~/features/order-lifecycle/order-status";
import { runMigrations } from "~/wiring/database.server";

export const planted = [orders, displayOrderId, runMigrations];
