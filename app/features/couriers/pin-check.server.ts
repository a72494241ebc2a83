import { PINCODE_PATTERN } from "~/shared/countries";
import { shopSettings } from "~/features/settings/store-settings.server";
import { stateDeliveryOf } from "~/features/settings/courier-settings";
import { COD_UNAVAILABLE_MESSAGE, notAPinMessage } from "~/features/couriers/courier-messages";
import { lookupPin } from "~/features/couriers/pin-directory.server";
import { pinStateProblem, type PinPlace } from "~/features/couriers/pin-places";

/*
 * The PIN code's place in the shop's promises and checks (issue 42, decision 049): a PIN India Post does
 * not list gets no delivery date and no cash on delivery and cannot be ordered to; an Indian address whose
 * PIN is in another state than the one chosen is refused before the order (its invoice's place of supply is
 * that state); the owner's per-state rules (courier settings "Delivery by state") add days to the
 * settings' window and may turn cash on delivery off.
 */

export type PinPromise = {
  place: PinPlace;
  /** Business days the owner adds in the PIN's state to the settings' window (manual mode). */
  extraDays: number;
  /** Cash on delivery is offered in the PIN's state. */
  cod: boolean;
};

/** What the shop's own rules promise for a PIN: null when India Post does not list it (no promise at all). */
export async function pinPromise(pincode: string): Promise<PinPromise | null> {
  const place = lookupPin(pincode);
  if (!place) return null;
  const { courier } = await shopSettings();
  return { place, ...stateDeliveryOf(courier.byState, place.state.slug) };
}

export type PinRefusal = { field: "pincode" | "state" | "paymentMethod"; message: string };

/**
 * Why an Indian address cannot be ordered to as given, said on its field: a PIN that does not exist, a PIN
 * in another state than the chosen one, or cash on delivery in a state where the owner turned it off. Null
 * when it can, abroad, or when the PIN is not six digits (the form's own check says so).
 */
export async function pinRefusal(input: {
  country?: string | undefined;
  pincode: string;
  state?: string | undefined;
  paymentMethod?: string | undefined;
}): Promise<PinRefusal | null> {
  if ((input.country ?? "IN") !== "IN" || !PINCODE_PATTERN.test(input.pincode)) return null;
  const promise = await pinPromise(input.pincode);
  if (!promise) return { field: "pincode", message: notAPinMessage(input.pincode) };
  const mismatch = input.state === undefined ? null : pinStateProblem(promise.place, input.state);
  if (mismatch) return { field: "state", message: mismatch };
  if (input.paymentMethod === "cod" && !promise.cod)
    return { field: "paymentMethod", message: COD_UNAVAILABLE_MESSAGE };
  return null;
}
