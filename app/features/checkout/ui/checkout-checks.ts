import { validateAll, type FieldErrors } from "~/shared/form-errors";
import type { checkoutFormSchema } from "~/features/checkout/checkout";
import { knownPinProblems } from "~/features/couriers/ui/pin-lookup";
import { deliveryDatesText } from "~/features/checkout/shipping";
import { formatIsoDate } from "~/shared/ist-dates";

/*
 * The checkout form's browser check, loaded on first use (issue 33). The schema (zod, libphonenumber for
 * numbers abroad, the GSTIN check) is ~55 KB gzip that the page's first view does not need: it is fetched
 * when the shopper first focuses or taps the form, and awaited on submit. The server parses the same
 * schema and stays the authority; if the chunk cannot load, the order is sent unchecked and the server's
 * field errors are shown.
 */
let schema: typeof checkoutFormSchema | null = null;
let loading: Promise<void> | null = null;

/** Starts (once) fetching the schema; resolves when it is there, rejects when it could not be loaded. */
export function loadCheckoutChecks(): Promise<void> {
  loading ??= import("~/features/checkout/checkout").then(
    (m) => {
      schema = m.checkoutFormSchema;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export function checkoutChecksLoaded(): boolean {
  return schema !== null;
}

/**
 * The form's errors by the schema (none while it is not loaded: nothing is shown before a submit), and what
 * the PIN's look-up already said (issue 42): a PIN India Post does not list, a state the PIN is not in.
 */
export function checkCheckoutForm(values: Record<string, string>): FieldErrors {
  return {
    ...knownPinProblems(values),
    ...(schema ? validateAll(schema, values) : {}),
    ...preferredDateProblem(values.preferredDate),
  };
}

/** The chosen delivery's estimated dates (the checkout page sets them from its quote). */
let estimate: { from: string; to: string } | null = null;
export function setDeliveryEstimate(e: { from: string; to: string } | null): void {
  estimate = e;
}

/**
 * A preferred date before the estimate's first day is refused with the estimate's own dates (issue 42: the
 * checkout said "earliest 5 Dec" beside "Estimated delivery 7-15 Dec").
 */
function preferredDateProblem(date: string | undefined): FieldErrors {
  if (!estimate || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date >= estimate.from) return {};
  return {
    preferredDate: `The earliest delivery date is ${formatIsoDate(estimate.from)} (estimated delivery ${deliveryDatesText(estimate)}).`,
  };
}
