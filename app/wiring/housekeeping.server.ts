import { sweepOldVitals } from "~/features/site-speed/vitals.server";
import { sweepExpiredPlatformRows, type SweptRows } from "~/platform/housekeeping.server";

/**
 * Rows that can no longer matter, every 15 minutes (JOBS): the platform's (sessions, rate-limit windows,
 * sign-in audit rows) and the web vitals and CSP reports older than 28 days.
 */
export async function sweepExpiredRows(): Promise<SweptRows & { vitals: number }> {
  const platform = await sweepExpiredPlatformRows();
  return { ...platform, vitals: await sweepOldVitals() };
}
