/**
 * The shipments view's groups and the size of one "Ship selected", shared by the route's page and its server
 * modules (a route's component may not import a `.server` module).
 */

/** Awaiting pickup, in transit, waiting for the shopper after a failed delivery (NDR), coming back (RTO). */
export const SHIPMENT_GROUPS = ["pickup", "transit", "ndr", "rto"] as const;
export type ShipmentGroup = (typeof SHIPMENT_GROUPS)[number];

/** At most this many orders per "Ship" (each is several courier calls). */
export const SHIP_BATCH_MAX = 25;
