// India keeps one offset all year (UTC+05:30, no daylight saving): plain arithmetic, fast for big exports.
const IST_OFFSET_MS = 330 * 60_000;
let istDate: Intl.DateTimeFormat | undefined;

/** A date and time in India for lists and exports: 2025-08-31 14:05. */
export function formatIstDateTime(d: Date | string): string {
  const date = typeof d === "string" ? new Date(d) : d;
  const iso = new Date(date.getTime() + IST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A date in India for the tables: 31 Aug 2025. */
export function formatIstDate(d: Date | string): string {
  const date = typeof d === "string" ? new Date(d) : d;
  istDate ??= new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return istDate.format(date);
}

/** Today's date in India (IST, UTC+5:30) as YYYY-MM-DD. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date plus n days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "dd Mon yyyy" for a YYYY-MM-DD date (Indian English). */
export function formatIsoDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A promotion's days in words: "1 Dec 2026 – 31 Dec 2026", "From …", "Until …", or "Always". */
export function describeDays(startsOn: string | null, endsOn: string | null): string {
  if (startsOn && endsOn) return `${formatIsoDate(startsOn)} – ${formatIsoDate(endsOn)}`;
  if (startsOn) return `From ${formatIsoDate(startsOn)}`;
  if (endsOn) return `Until ${formatIsoDate(endsOn)}`;
  return "Always";
}
