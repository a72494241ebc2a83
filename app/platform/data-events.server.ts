import { db, type Tx } from "./db/client.server";
import { dataRequestEvents } from "~/platform/db/tables.server";

/*
 * The log of what was done with personal data (table data_request_events, issue 32): a shopper's export,
 * correction, erasure and consent withdrawals through "My data", the retention sweep, and staff's exports of
 * customers' data (the orders CSV). Who (the staff member's id and e-mail), what and when; never the data.
 * Small and self-contained: app/features/data-rights writes the shopper's side, staff routes call
 * logStaffDataAccess.
 */

export type DataEvent = {
  requestId?: string | null;
  actor: "shopper" | "staff" | "system";
  staff?: { id: string; email: string } | null;
  action: string;
  detail?: string;
};

export async function logDataEvent(q: Tx | ReturnType<typeof db>, e: DataEvent): Promise<void> {
  await q.insert(dataRequestEvents).values({
    requestId: e.requestId ?? null,
    actor: e.actor,
    staffId: e.staff?.id ?? null,
    staffEmail: e.staff?.email ?? null,
    action: e.action,
    detail: (e.detail ?? "").slice(0, 2000),
  });
}

/** A staff member read or exported customers' personal data (e.g. "orders csv", with its filters). */
export function logStaffDataAccess(staff: { id: string; email: string }, action: string, detail = "") {
  return logDataEvent(db(), { actor: "staff", staff, action, detail });
}
