import { afterEach, describe, expect, it, vi } from "vitest";
import { knownPinProblems, lookUpPinPlace } from "./pin-lookup";

const KARNATAKA = { slug: "karnataka", code: "29", name: "Karnataka" };

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe("the browser's PIN look-up (issue 42)", () => {
  it("keeps what the server said, so the form's check says it on the right field", async () => {
    const fetch = answer(404, { ok: false, message: "999999 is not an Indian PIN code" });
    vi.stubGlobal("fetch", fetch);
    expect(knownPinProblems({ pincode: "999999" })).toEqual({}); // nothing said before the answer
    expect(await lookUpPinPlace("999999")).toEqual({
      kind: "unknown",
      message: "999999 is not an Indian PIN code",
    });
    expect(fetch).toHaveBeenCalledWith("/api/pin/999999", expect.anything());
    expect(knownPinProblems({ country: "IN", pincode: "999999", state: "" })).toEqual({
      pincode: "999999 is not an Indian PIN code",
    });
    // Abroad the field is a postal code: nothing to say.
    expect(knownPinProblems({ country: "AE", pincode: "999999" })).toEqual({});

    vi.stubGlobal(
      "fetch",
      answer(200, {
        ok: true,
        pin: "560034",
        state: KARNATAKA,
        states: [KARNATAKA],
        districts: ["Bangalore"],
      }),
    );
    expect(await lookUpPinPlace("560034")).toMatchObject({
      kind: "place",
      place: { districts: ["Bangalore"] },
    });
    expect(knownPinProblems({ pincode: "560034", state: "uttar-pradesh" })).toEqual({
      state: "PIN 560034 is in Karnataka, not Uttar Pradesh: check the PIN or the state",
    });
    expect(knownPinProblems({ pincode: "560034", state: "karnataka" })).toEqual({});
  });

  it("a failed look-up says nothing and is asked again", async () => {
    const failing = answer(503, { ok: false });
    vi.stubGlobal("fetch", failing);
    expect(await lookUpPinPlace("110001")).toEqual({ kind: "failed" });
    expect(knownPinProblems({ pincode: "110001", state: "goa" })).toEqual({});
    await lookUpPinPlace("110001");
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
