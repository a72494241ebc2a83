import { describe, expect, it } from "vitest";
import { GST_STATES } from "~/shared/gst-states";
import { notAPinMessage } from "./courier-messages";
import { buildPinDirectory, districtName, parsePinDirectory, stateOfRecord } from "./pin-directory";
import directory from "./pin-directory.json";
import { lookupPin } from "./pin-directory.server";
import { pinStateProblem } from "./pin-places";

describe("the PIN directory (India Post, issue 42)", () => {
  it("knows a PIN's district and state, in the shop's states", () => {
    expect(lookupPin("560034")).toMatchObject({
      pin: "560034",
      state: { slug: "karnataka", code: "29", name: "Karnataka" },
      districts: ["Bangalore"],
    });
    expect(lookupPin("500001")).toMatchObject({
      state: { slug: "telangana", code: "36" },
      districts: ["Hyderabad"],
    });
    expect(lookupPin("194101")).toMatchObject({ state: { slug: "ladakh", code: "38" }, districts: ["Leh"] });
    const delhi = lookupPin(" 110001 ");
    expect(delhi?.state).toEqual({ slug: "delhi", code: "07", name: "Delhi" });
    expect(delhi?.districts).toContain("New Delhi");
    expect(lookupPin("396210")?.state.code).toBe("26");
  });

  it("refuses a PIN that does not exist, and one that is not six digits", () => {
    expect(lookupPin("999999")).toBeNull();
    expect(lookupPin("012345")).toBeNull();
    expect(lookupPin("56003")).toBeNull();
    expect(notAPinMessage("999999")).toBe("999999 is not an Indian PIN code");
  });

  it("catches a PIN and a chosen state that do not go together", () => {
    const bengaluru = lookupPin("560034")!;
    expect(pinStateProblem(bengaluru, "uttar-pradesh")).toBe(
      "PIN 560034 is in Karnataka, not Uttar Pradesh: check the PIN or the state",
    );
    expect(pinStateProblem(bengaluru, "karnataka")).toBeNull();
    // Not a state of the list: the state field says so, not this rule.
    expect(pinStateProblem(bengaluru, "atlantis")).toBeNull();
    // A PIN across a border goes with each of its states (Puducherry's enclaves in Tamil Nadu).
    const border = lookupPin("605007")!;
    expect(border.states.map((s) => s.slug).sort()).toEqual(["puducherry", "tamil-nadu"]);
    expect(pinStateProblem(border, "tamil-nadu")).toBeNull();
    expect(pinStateProblem(border, "puducherry")).toBeNull();
    expect(pinStateProblem(border, "kerala")).toMatch(
      /^PIN 605007 is in (Puducherry|Tamil Nadu), not Kerala/,
    );
  });

  it("the committed file covers India: every state and union territory, ~19,000 PINs, known codes only", () => {
    const all = parsePinDirectory(directory.rows);
    expect(all.size).toBe(directory.pins);
    expect(all.size).toBeGreaterThan(19_000);
    const codes = new Set([...all.values()].flatMap((e) => e.codes));
    expect([...codes].sort()).toEqual(GST_STATES.map((s) => s.code).sort());
  });
});

describe("reading a copy of the directory (npm run pins:refresh)", () => {
  it("maps old names to today's states and union territories", () => {
    const code = (state: string, district: string) => stateOfRecord(state, district)?.code ?? null;
    expect(code("ANDHRA PRADESH", "Hyderabad")).toBe("36");
    expect(code("Andhra Pradesh", "K.V.Rangareddy")).toBe("36");
    expect(code("Andhra Pradesh", "Guntur")).toBe("37");
    expect(code("TELANGANA", "HYDERABAD")).toBe("36");
    expect(code("JAMMU & KASHMIR", "Leh")).toBe("38");
    expect(code("Jammu & Kashmir", "Kargil")).toBe("38");
    expect(code("Jammu & Kashmir", "Srinagar")).toBe("01");
    expect(code("LADAKH", "LEH")).toBe("38");
    expect(code("DADRA & NAGAR HAVELI", "Dadra & Nagar Haveli")).toBe("26");
    expect(code("Daman & Diu", "Diu")).toBe("26");
    expect(code("THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU", "DAMAN")).toBe("26");
    expect(code("PONDICHERRY", "Pondicherry")).toBe("34");
    expect(code("Chattisgarh", "Raipur")).toBe("22");
    expect(code("Orissa", "Khurda")).toBe("21");
    expect(code("Uttaranchal", "Dehradun")).toBe("05");
    expect(code("Andaman & Nicobar", "South Andaman")).toBe("35");
    expect(code("ANDAMAN AND NICOBAR ISLANDS", "NICOBAR")).toBe("35");
    expect(code("Tamilnadu", "Chennai")).toBe("33");
    expect(code("Atlantis", "Anywhere")).toBeNull();
    expect(districtName("  BENGALURU   URBAN ")).toBe("Bengaluru Urban");
    expect(districtName("K.V.Rangareddy")).toBe("K.V.Rangareddy");
  });

  it("keeps each PIN's main district (most post offices) first, and reads its own rows back", () => {
    const built = buildPinDirectory([
      { pin: "110001", state: "DELHI", district: "New Delhi" },
      { pin: "110001", state: "DELHI", district: "Central Delhi" },
      { pin: "110001", state: "DELHI", district: "New Delhi" },
      { pin: "605007", state: "Pondicherry", district: "Pondicherry" },
      { pin: "605007", state: "Tamil Nadu", district: "Villupuram" },
      { pin: "605007", state: "Tamil Nadu", district: "Villupuram" },
      { pin: "500001", state: "ANDHRA PRADESH", district: "Hyderabad" },
      { pin: "99999", state: "Delhi", district: "Nowhere" },
      { pin: "123456", state: "Atlantis", district: "Deep" },
    ]);
    expect(built.rows).toEqual([
      "07|Central Delhi|+110001",
      "07|New Delhi|110001",
      "33|Villupuram|605007",
      "34|Pondicherry|+605007",
      "36|Hyderabad|500001",
    ]);
    expect(built).toMatchObject({ pins: 3, skipped: 1, unknownStates: ["Atlantis"] });
    const back = parsePinDirectory(built.rows);
    expect(back.get("110001")).toEqual({ codes: ["07"], districts: ["New Delhi", "Central Delhi"] });
    expect(back.get("605007")).toEqual({ codes: ["33", "34"], districts: ["Villupuram", "Pondicherry"] });
  });
});
