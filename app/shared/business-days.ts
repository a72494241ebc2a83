import { addDays } from "~/shared/ist-dates";

/*
 * Delivery business days in India: Monday to Saturday, without Sundays and the three national holidays
 * (Republic Day 26 January, Independence Day 15 August, Gandhi Jayanti 2 October), when couriers and the
 * workshop do not move parcels. Dates are YYYY-MM-DD days in India.
 */

const NATIONAL_HOLIDAYS = new Set(["01-26", "08-15", "10-02"]);

/** The day is a national holiday in India (26 Jan, 15 Aug, 2 Oct). */
export function isNationalHoliday(isoDate: string): boolean {
  return NATIONAL_HOLIDAYS.has(isoDate.slice(5, 10));
}

/** Parcels move on this day: not a Sunday and not a national holiday. */
export function isBusinessDay(isoDate: string): boolean {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay() !== 0 && !isNationalHoliday(isoDate);
}

/** A YYYY-MM-DD date plus n business days (Sundays and national holidays skipped). */
export function addBusinessDays(isoDate: string, days: number): string {
  let d = isoDate;
  let left = days;
  while (left > 0) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** "Thu 4 Dec" for a YYYY-MM-DD date: the shopper's "Get it by" day. */
export function formatDeliveryDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const weekday = d.toLocaleDateString("en-IN", { weekday: "short", timeZone: "UTC" });
  const day = d.toLocaleDateString("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
  return `${weekday} ${day}`;
}
