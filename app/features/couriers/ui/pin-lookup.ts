import { notAPinMessage } from "~/features/couriers/courier-messages";
import { pinStateProblem, type PinPlace } from "~/features/couriers/pin-places";
import { PINCODE_PATTERN } from "~/shared/countries";

/*
 * A PIN code's place as the browser learns it from GET /api/pin/:pin (issue 42): the checkout fills the
 * city and state from it, and its form check refuses a PIN India Post does not list, or a state the PIN is
 * not in, with the server's words. Answers are kept for the page's life (the directory changes only with a
 * release); a failed look-up is not kept and says nothing (the server checks again at the order).
 */

export type PinLookup =
  { kind: "place"; place: PinPlace } | { kind: "unknown"; message: string } | { kind: "failed" };

const answers = new Map<string, PinLookup>();

export async function lookUpPinPlace(pin: string, signal?: AbortSignal): Promise<PinLookup> {
  const hit = answers.get(pin);
  if (hit) return hit;
  if (!PINCODE_PATTERN.test(pin)) return { kind: "failed" };
  try {
    const r = await fetch(`/api/pin/${pin}`, { signal, headers: { accept: "application/json" } });
    let answer: PinLookup = { kind: "failed" };
    if (r.status === 404) answer = { kind: "unknown", message: notAPinMessage(pin) };
    else if (r.ok) {
      const body = (await r.json()) as Partial<PinPlace>;
      if (body.state && Array.isArray(body.states) && Array.isArray(body.districts))
        answer = {
          kind: "place",
          place: { pin, state: body.state, states: body.states, districts: body.districts },
        };
    }
    if (answer.kind !== "failed") answers.set(pin, answer);
    return answer;
  } catch {
    return { kind: "failed" };
  }
}

/**
 * What the browser already knows is wrong with an Indian address's PIN: a PIN India Post does not list (on
 * the PIN field), or a state the PIN is not in (on the state field). Nothing before the look-up answered.
 */
export function knownPinProblems(values: Record<string, string | undefined>): Record<string, string> {
  if ((values.country || "IN") !== "IN") return {};
  const answer = answers.get((values.pincode ?? "").trim());
  if (answer?.kind === "unknown") return { pincode: answer.message };
  if (answer?.kind !== "place" || !values.state) return {};
  const problem = pinStateProblem(answer.place, values.state);
  return problem ? { state: problem } : {};
}
