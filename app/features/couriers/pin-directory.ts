import { GST_STATES, type GstState } from "~/shared/gst-states";

/*
 * India's PIN codes as the shop keeps them (issue 42, decision 049): India Post's All India Pincode
 * Directory (data.gov.in, Government Open Data Licence - India) boiled down to each PIN's state and
 * districts, in pin-directory.json beside this file. `npm run pins:refresh` (scripts/pins-refresh.ts) builds
 * that file from a copy of the directory with `buildPinDirectory`; the server reads it with
 * `parsePinDirectory` (pin-directory.server.ts). Both are here, pure, so the format has one home.
 *
 * The format: one row per district, "<GST state code>|<district>|<PINs separated by spaces>", rows sorted
 * by state code and district. A PIN served from post offices of several districts is in each of their rows;
 * in all but its main one (the most post offices, its state and city) it is marked "+".
 */

/** One post office of a copy of the directory, as the refresh reads it. */
export type PinRecord = { pin: string; state: string; district: string };

/** A PIN's place as the directory says: the main state and district first. */
export type DirectoryEntry = { codes: string[]; districts: string[] };

const key = (s: string) =>
  s
    .toLowerCase()
    .trim()
    .replace(/^the\s+/, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, "");

/** Spellings older copies use (and India Post's own), by letters only: "Andaman & Nicobar" → "andamanandnicobar". */
const STATE_ALIASES: Record<string, string> = {
  andamanandnicobar: "35",
  pondicherry: "34",
  chattisgarh: "22",
  chhatisgarh: "22",
  orissa: "21",
  uttaranchal: "05",
  nctofdelhi: "07",
  newdelhi: "07",
  // The two union territories merged on 26 January 2020 (GST state code 26; 25 is retired).
  dadraandnagarhaveli: "26",
  daman: "26",
  damananddiu: "26",
};

/**
 * The districts of Telangana, before (2014: ten) and after the 2016 and 2019 reorganisations, by letters
 * only. Copies made before 2 June 2014 list them under Andhra Pradesh.
 */
const TELANGANA_DISTRICTS = new Set(
  [
    "Adilabad",
    "Hyderabad",
    "K.V.Rangareddy",
    "Rangareddy",
    "Ranga Reddy",
    "Rangareddi",
    "Karim Nagar",
    "Karimnagar",
    "Khammam",
    "Mahabub Nagar",
    "Mahbubnagar",
    "Mahabubnagar",
    "Medak",
    "Nalgonda",
    "Nizamabad",
    "Warangal",
    "Warangal Rural",
    "Warangal Urban",
    "Hanumakonda",
    "Hanamkonda",
    "Bhadradri Kothagudem",
    "Jagitial",
    "Jagtial",
    "Jangaon",
    "Jayashankar Bhupalpally",
    "Jayashankar Bhoopalpally",
    "Jogulamba Gadwal",
    "Kamareddy",
    "Komaram Bheem Asifabad",
    "Kumuram Bheem Asifabad",
    "Mahabubabad",
    "Mancherial",
    "Medchal",
    "Medchal Malkajgiri",
    "Mulugu",
    "Nagarkurnool",
    "Narayanpet",
    "Nirmal",
    "Peddapalli",
    "Rajanna Sircilla",
    "Sangareddy",
    "Siddipet",
    "Suryapet",
    "Vikarabad",
    "Wanaparthy",
    "Yadadri Bhuvanagiri",
  ].map(key),
);

/** Ladakh's districts, in Jammu and Kashmir until 31 October 2019. */
const LADAKH_DISTRICTS = new Set(["Leh", "Leh Ladakh", "Ladakh", "Kargil"].map(key));

const BY_KEY = new Map(GST_STATES.map((s) => [key(s.name), s]));

/**
 * Today's state or union territory of a post office, from the state and district a copy of the directory
 * gives: old names and spellings mapped, Telangana's districts out of Andhra Pradesh, Leh and Kargil out of
 * Jammu and Kashmir, Dadra and Nagar Haveli and Daman and Diu merged. Null: a name the shop does not know.
 */
export function stateOfRecord(state: string, district: string): GstState | null {
  const s = key(state);
  const d = key(district);
  const found = BY_KEY.get(s) ?? gstByCode(STATE_ALIASES[s]);
  if (!found) return null;
  if (found.code === "37" && TELANGANA_DISTRICTS.has(d)) return gstByCode("36")!;
  if (found.code === "01" && LADAKH_DISTRICTS.has(d)) return gstByCode("38")!;
  return found;
}

function gstByCode(code: string | undefined): GstState | undefined {
  return code ? GST_STATES.find((s) => s.code === code) : undefined;
}

/** A district as printed: spaces tidied, ALL CAPITALS (newer copies) in title case. */
export function districtName(raw: string): string {
  const s = raw.replace(/\s+/g, " ").trim();
  if (s !== s.toUpperCase()) return s;
  return s.toLowerCase().replace(/(^|[\s(.-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());
}

const PIN = /^[1-9][0-9]{5}$/;

export type BuiltDirectory = {
  rows: string[];
  pins: number;
  /** Post offices skipped: no six-digit PIN, or no district. */
  skipped: number;
  /** State names no rule maps (the refresh stops on them: add the spelling to STATE_ALIASES). */
  unknownStates: string[];
};

/** The directory's rows from a copy's post offices (each office counts for its PIN's main district). */
export function buildPinDirectory(records: Iterable<PinRecord>): BuiltDirectory {
  const offices = new Map<string, Map<string, number>>();
  const unknown = new Set<string>();
  let skipped = 0;
  for (const r of records) {
    const pin = String(r.pin).trim();
    const district = districtName(String(r.district ?? ""));
    if (!PIN.test(pin) || !district || district.includes("|")) {
      skipped++;
      continue;
    }
    const state = stateOfRecord(String(r.state ?? ""), district);
    if (!state) {
      unknown.add(String(r.state));
      continue;
    }
    const places = offices.get(pin) ?? new Map<string, number>();
    const at = `${state.code}|${district}`;
    places.set(at, (places.get(at) ?? 0) + 1);
    offices.set(pin, places);
  }
  const rows = new Map<string, string[]>();
  for (const [pin, places] of offices) {
    const ordered = [...places].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    ordered.forEach(([at], i) => {
      const list = rows.get(at) ?? [];
      list.push(i === 0 ? pin : `+${pin}`);
      rows.set(at, list);
    });
  }
  const bare = (p: string) => Number(p.replace("+", ""));
  const sorted = [...rows]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([at, pins]) => `${at}|${pins.sort((a, b) => bare(a) - bare(b)).join(" ")}`);
  return { rows: sorted, pins: offices.size, skipped, unknownStates: [...unknown].sort() };
}

/** The rows read back: each PIN's state codes and districts, its main one first. */
export function parsePinDirectory(rows: readonly string[]): Map<string, DirectoryEntry> {
  const out = new Map<string, DirectoryEntry>();
  for (const row of rows) {
    const [code, district, pins] = row.split("|");
    if (!code || !district || !pins) continue;
    for (const token of pins.split(" ")) {
      const secondary = token.startsWith("+");
      const pin = secondary ? token.slice(1) : token;
      const entry = out.get(pin) ?? { codes: [], districts: [] };
      if (secondary) {
        entry.codes.push(code);
        entry.districts.push(district);
      } else {
        entry.codes.unshift(code);
        entry.districts.unshift(district);
      }
      out.set(pin, entry);
    }
  }
  for (const e of out.values()) {
    e.codes = [...new Set(e.codes)];
    e.districts = [...new Set(e.districts)];
  }
  return out;
}
