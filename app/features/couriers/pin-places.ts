import { gstStateByCode, gstStateBySlug, type GstState } from "~/shared/gst-states";
import { pinStateMessage } from "~/features/couriers/courier-messages";

/*
 * What the shop knows of a PIN code's place (issue 42): its state (the shop's states, app/shared/gst-states.ts)
 * and districts, from India Post's directory (pin-directory.server.ts looks it up; GET /api/pin/:pin answers
 * the browser). The rules here say what a shopper is told about a PIN and a chosen state, in the browser and
 * on the server alike.
 */

export type PinState = Pick<GstState, "slug" | "code" | "name">;

export type PinPlace = {
  pin: string;
  /** The state of most of its post offices: the one the checkout fills in. */
  state: PinState;
  /** Every state it is delivered in (a few PINs cross a border, e.g. Puducherry and Tamil Nadu), main first. */
  states: PinState[];
  /** Its districts, main first: the checkout's city, editable (a list to choose from when several). */
  districts: string[];
};

/** A PIN's place from the directory's state codes and districts (null: a code the shop does not list). */
export function pinPlaceOf(
  pin: string,
  codes: readonly string[],
  districts: readonly string[],
): PinPlace | null {
  const states = codes
    .map((c) => gstStateByCode(c))
    .filter((s): s is GstState => s !== undefined)
    .map(({ slug, code, name }) => ({ slug, code, name }));
  if (!states[0]) return null;
  return { pin, state: states[0], states, districts: [...districts] };
}

/**
 * Why this PIN does not go with the chosen state (Indian addresses only), or null when it does, or when the
 * state is not one of the list (the state field's own check says so).
 */
export function pinStateProblem(
  place: Pick<PinPlace, "pin" | "state" | "states">,
  stateSlug: string,
): string | null {
  if (place.states.some((s) => s.slug === stateSlug)) return null;
  const chosen = gstStateBySlug(stateSlug);
  return chosen ? pinStateMessage(place.pin, place.state.name, chosen.name) : null;
}
