import { useEffect, useRef, useState } from "react";
import { lookUpPinPlace } from "~/features/couriers/ui/pin-lookup";

/** The city field's suggestions when a PIN is delivered from several districts. */
const DISTRICTS_LIST = "pin-districts";

/** Sets a form control's value as typing would (React sees the change) and lets the form re-check it. */
function setAsTyped(el: HTMLInputElement | HTMLSelectElement, value: string, event: "input" | "change") {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event(event, { bubbles: true }));
}

/**
 * The city and state filled from a complete Indian PIN code (issue 42), from India Post's directory
 * (GET /api/pin/:pin): the state always, the city when it is empty or still the one filled before, both
 * editable; a PIN delivered from several districts offers them as the city's suggestions. A PIN India Post
 * does not list is said on its field ("999999 is not an Indian PIN code"); the form's check keeps saying it
 * (knownPinProblems) and the server refuses it at the order. Sits inside the address form.
 */
export function PinPlaceFill({
  pin,
  setFieldError,
}: {
  /** The six-digit PIN typed for an Indian address, or "" (abroad, or not complete). */
  pin: string;
  setFieldError: (name: string, message: string | undefined) => void;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  const filledCity = useRef("");
  const [districts, setDistricts] = useState<string[]>([]);

  useEffect(() => {
    const form = anchor.current?.closest("form");
    const city = form?.elements.namedItem("city");
    if (city instanceof HTMLInputElement) {
      if (districts.length > 1) city.setAttribute("list", DISTRICTS_LIST);
      else city.removeAttribute("list");
    }
  }, [districts]);

  useEffect(() => {
    setDistricts([]);
    if (!pin) return;
    const ctl = new AbortController();
    void lookUpPinPlace(pin, ctl.signal).then((answer) => {
      const form = anchor.current?.closest("form");
      if (ctl.signal.aborted || !form) return;
      if (answer.kind === "unknown") setFieldError("pincode", answer.message);
      if (answer.kind !== "place") return;
      const { place } = answer;
      const state = form.elements.namedItem("state");
      if (state instanceof HTMLSelectElement) {
        const fits = place.states.some((s) => s.slug === state.value);
        setAsTyped(state, fits ? state.value : place.state.slug, "change");
      }
      const city = form.elements.namedItem("city");
      const main = place.districts[0];
      if (city instanceof HTMLInputElement && main && [filledCity.current, ""].includes(city.value.trim())) {
        setAsTyped(city, main, "input");
        filledCity.current = main;
      }
      setDistricts(place.districts);
    });
    return () => ctl.abort();
  }, [pin, setFieldError]);

  return (
    <span ref={anchor} hidden>
      <datalist id={DISTRICTS_LIST}>
        {districts.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
    </span>
  );
}
