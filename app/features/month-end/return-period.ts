import { todayInIndia } from "~/shared/ist-dates";

/*
 * The period of a GST return (issue 45): a month ("2026-04") or a quarter of a financial year ("2026-27-Q1",
 * April to June; Q4 is January to March of the later year), bounded by midnight in India. `fp` is the
 * return's filing period as the GST portal writes it (MMYYYY of the period's last month).
 */

export type ReturnPeriod = {
  /** As the URL and the file names say it: 2026-04 or 2026-27-Q1. */
  key: string;
  label: string;
  /** The first moment of the period and the first moment after it (IST midnights). */
  from: Date;
  to: Date;
  fp: string;
  quarterly: boolean;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const istMidnight = (year: number, month: number) =>
  new Date(
    `${year + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, "0")}-01T00:00:00+05:30`,
  );

function months(key: string, year: number, first: number, count: number): ReturnPeriod {
  const lastMonth = ((first + count - 2) % 12) + 1;
  const lastYear = year + Math.floor((first + count - 2) / 12);
  const from = istMidnight(year, first);
  const to = istMidnight(year, first + count);
  const label =
    count === 1
      ? `${MONTHS[first - 1]} ${year}`
      : `${MONTHS[first - 1]} ${year} – ${MONTHS[lastMonth - 1]} ${lastYear}`;
  return {
    key,
    label,
    from,
    to,
    fp: `${String(lastMonth).padStart(2, "0")}${lastYear}`,
    quarterly: count > 1,
  };
}

/** The period a key names, or null for anything else (years 2017, when GST began, to 2099). */
export function parseReturnPeriod(key: string): ReturnPeriod | null {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    if (year < 2017 || year > 2099 || month < 1 || month > 12) return null;
    return months(key, year, month, 1);
  }
  const q = /^(\d{4})-(\d{2})-Q([1-4])$/.exec(key);
  if (!q) return null;
  const year = Number(q[1]);
  if (year < 2017 || year > 2098 || Number(q[2]) !== (year + 1) % 100) return null;
  const n = Number(q[3]);
  return n === 4 ? months(key, year + 1, 1, 3) : months(key, year, 4 + 3 * (n - 1), 3);
}

/** The month before the one `now` is in (in India): the return one files next. */
export function lastMonthKey(now: Date = new Date()): string {
  const today = todayInIndia(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** The twelve months before `now`'s and the last four quarters, newest first, for the period picker. */
export function recentPeriods(now: Date = new Date()): string[] {
  const keys: string[] = [];
  let key = lastMonthKey(now);
  for (let i = 0; i < 12; i++) {
    keys.push(key);
    const y = Number(key.slice(0, 4));
    const mo = Number(key.slice(5, 7));
    key = mo === 1 ? `${y - 1}-12` : `${y}-${String(mo - 1).padStart(2, "0")}`;
  }
  const today = todayInIndia(now);
  const y = Number(today.slice(0, 4));
  const mo = Number(today.slice(5, 7));
  let fy = mo >= 4 ? y : y - 1;
  let q = mo >= 4 ? Math.floor((mo - 4) / 3) + 1 : 4;
  for (let i = 0; i < 4; i++) {
    q -= 1;
    if (q === 0) {
      q = 4;
      fy -= 1;
    }
    keys.push(`${fy}-${String((fy + 1) % 100).padStart(2, "0")}-Q${q}`);
  }
  return keys;
}

/**
 * A period of the money pages (issue 45): a return period (month or quarter), or a financial year ("2026-27",
 * April 2026 to March 2027).
 */
export function parseMoneyPeriod(key: string): ReturnPeriod | null {
  const period = parseReturnPeriod(key);
  if (period) return period;
  const fy = /^(\d{4})-(\d{2})$/.exec(key);
  if (!fy) return null;
  const year = Number(fy[1]);
  if (year < 2017 || year > 2098 || Number(fy[2]) !== (year + 1) % 100) return null;
  return { ...months(key, year, 4, 12), label: `FY ${key} (Apr ${year} – Mar ${year + 1})` };
}

/** The money page's choices: this month, the last twelve, the last four quarters and this and last financial year. */
export function moneyPeriods(now: Date = new Date()): string[] {
  const today = todayInIndia(now);
  const y = Number(today.slice(0, 4));
  const fy = Number(today.slice(5, 7)) >= 4 ? y : y - 1;
  const fyKey = (s: number) => `${s}-${String((s + 1) % 100).padStart(2, "0")}`;
  return [today.slice(0, 7), ...recentPeriods(now), fyKey(fy), fyKey(fy - 1)];
}
