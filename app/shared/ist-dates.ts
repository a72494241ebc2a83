/*
 * Every date and time the shop shows in India's time zone, spelt once. Pages and mails take a named
 * function from here instead of formatting a date where they show it.
 */

// India keeps one offset all year (UTC+05:30, no daylight saving): plain arithmetic, fast for big exports.
const IST_OFFSET_MS = 330 * 60_000;
const IST = "Asia/Kolkata";
let istDate: Intl.DateTimeFormat | undefined;

// One formatter per style, made on first use (an object literal, so pages that use none pay nothing).
const istFormats: Record<string, Intl.DateTimeFormat> = {};

/** `d` in India with the en-IN style `options`; "Invalid Date" for an invalid date, as toLocaleString says. */
function inIndia(style: string, options: Intl.DateTimeFormatOptions, d: Date | string): string {
  const date = typeof d === "string" ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  istFormats[style] ??= new Intl.DateTimeFormat("en-IN", { ...options, timeZone: IST });
  return istFormats[style].format(date);
}

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
    timeZone: IST,
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return istDate.format(date);
}

/** A day and month in India: 5 Mar (the dashboard chart's axis). */
export function formatIstDayMonth(d: Date | string): string {
  return inIndia("dayMonth", { day: "numeric", month: "short" }, d);
}

/** A day, month and time in India: 5 Mar, 2:05 pm (order timeline, design proofs). */
export function formatIstDayMonthTime(d: Date | string): string {
  return inIndia("dayMonthTime", { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }, d);
}

/** A day and the month in full in India: 5 March (the shopper's last day to ask for a return). */
export function formatIstDayLongMonth(d: Date | string): string {
  return inIndia("dayLongMonth", { day: "numeric", month: "long" }, d);
}

/** A day, the month in full and the time in India: 5 March at 2:05 pm (the shopper's cancel deadline). */
export function formatIstDayLongMonthTime(d: Date | string): string {
  return inIndia(
    "dayLongMonthTime",
    { day: "numeric", month: "long", hour: "numeric", minute: "2-digit" },
    d,
  );
}

/** A time of day in India: 2:05 pm. */
export function formatIstTime(d: Date | string): string {
  return inIndia("time", { hour: "numeric", minute: "2-digit" }, d);
}

/** A date with the month in full in India: 5 March 2026 (the shopper's order page). */
export function formatIstLongDate(d: Date | string): string {
  return inIndia("longDate", { day: "numeric", month: "long", year: "numeric" }, d);
}

/**
 * When a page's text last changed, as its "Last updated" says (issue 42): the later of the day its fixed
 * words last changed (`wordsChanged`, YYYY-MM-DD, a constant beside the words) and the last save of the
 * settings it shows (`settingsSaved`, an ISO time; none for a page of fixed words), e.g. "28 November 2026".
 */
export function lastUpdatedDate(wordsChanged: string, settingsSaved?: string | null): string {
  const words = new Date(`${wordsChanged}T00:00:00+05:30`);
  const saved = settingsSaved ? new Date(settingsSaved) : null;
  return formatIstLongDate(saved && saved.getTime() > words.getTime() ? saved : words);
}

/** A date in India in the locale's medium style (5 Mar 2026 in Node's ICU). */
export function formatIstMediumDate(d: Date | string): string {
  return inIndia("mediumDate", { dateStyle: "medium" }, d);
}

/** A date and time in India in the locale's medium and short styles (5 Mar 2026, 2:05 pm in Node's ICU). */
export function formatIstMediumDateTime(d: Date | string): string {
  return inIndia("mediumDateTime", { dateStyle: "medium", timeStyle: "short" }, d);
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
