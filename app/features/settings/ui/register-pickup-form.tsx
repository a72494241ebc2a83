import { useFetcherForm } from "~/ui/use-form";
import { REGISTER_PICKUP_FORM } from "./settings-courier-section";

/** Where "Register with Shiprocket" posts (the couriers feature's action: it holds the Shiprocket client). */
export const REGISTER_PICKUP_ACTION = "/api/admin/pickup-location";

/**
 * "Register with Shiprocket": a form of its own (a form cannot sit inside the settings form), submitted by
 * the button beside the pickup location's nickname. It registers the saved pickup address; the answer
 * (registered, or Shiprocket's refusal in its words) is a toast.
 */
export function RegisterPickupForm() {
  const form = useFetcherForm({ toast: { ok: "Pickup location registered", failed: "Not registered" } });
  return (
    <form.fetcher.Form
      id={REGISTER_PICKUP_FORM}
      method="post"
      action={REGISTER_PICKUP_ACTION}
      {...form.props}
    >
      <input type="hidden" name="intent" value="register-pickup" />
    </form.fetcher.Form>
  );
}
