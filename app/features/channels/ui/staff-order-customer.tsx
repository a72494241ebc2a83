import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { INDIAN_STATES } from "~/features/checkout/checkout-fields";
import { CHAT_APP_IDS, CHAT_APP_LABELS } from "~/features/order-lifecycle/order-status";
import { SELECT_CLASS } from "./staff-order-lines";

type Errors = Record<string, string | undefined>;

/** One text field of the customer's contact or address (the checkout's names, so its schema checks them). */
function Text({
  name,
  label,
  errors,
  ...rest
}: { name: string; label: string; errors: Errors } & React.ComponentProps<"input">) {
  return (
    <Field id={`staff-${name}`} name={name} label={label} error={errors[name]}>
      {(control) => <Input {...control} {...rest} />}
    </Field>
  );
}

/** The customer's contact and delivery address, checked on the server exactly as the checkout checks them. */
export function StaffOrderCustomer({
  errors,
  contact,
}: {
  errors: Errors;
  /** A logo quote's customer, when the page was opened from it. */
  contact: { name: string; phone: string; email: string } | null;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Customer</legend>
      <Field id="staff-chatApp" name="chatApp" label="Chat" error={errors.chatApp}>
        {(control) => (
          <select {...control} className={SELECT_CLASS} defaultValue="whatsapp">
            {CHAT_APP_IDS.map((c) => (
              <option key={c} value={c}>
                {CHAT_APP_LABELS[c]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Text
        name="name"
        label="Full name"
        errors={errors}
        autoComplete="off"
        required
        defaultValue={contact?.name}
      />
      <Text
        name="phone"
        label="Phone (mobile)"
        errors={errors}
        inputMode="tel"
        required
        defaultValue={contact?.phone}
      />
      <Text name="email" label="E-mail" errors={errors} type="email" required defaultValue={contact?.email} />
      <Text name="address1" label="Address line 1" errors={errors} required />
      <Text name="address2" label="Address line 2 (optional)" errors={errors} />
      <Text name="landmark" label="Landmark (optional)" errors={errors} />
      <Text name="city" label="City" errors={errors} required />
      <Field id="staff-state" name="state" label="State" error={errors.state}>
        {(control) => (
          <select {...control} className={SELECT_CLASS} defaultValue="" required>
            <option value="" disabled>
              Choose the state
            </option>
            {INDIAN_STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Text name="pincode" label="PIN code" errors={errors} inputMode="numeric" maxLength={6} required />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="whatsappUpdates" className="size-5 accent-primary" defaultChecked />
        Send the customer order updates on WhatsApp (they asked in the chat)
      </label>
    </fieldset>
  );
}

/** The staff discount and its reason (any discount needs one; above the limit only the Owner). */
export function StaffOrderDiscount({
  errors,
  limitPercent,
  isOwner,
}: {
  errors: Errors;
  limitPercent: number;
  isOwner: boolean;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-[12rem_1fr]">
      <legend className="mb-2 text-lg font-semibold">Discount</legend>
      <Field
        id="staff-discount"
        name="discount"
        label="Discount (₹, optional)"
        error={errors.discount}
        description={
          isOwner
            ? `Staff may give up to ${limitPercent}% of the goods; as the Owner you may give more.`
            : `Up to ${limitPercent}% of the goods; more needs the Owner.`
        }
      >
        {(control) => <Input {...control} inputMode="numeric" placeholder="0" />}
      </Field>
      <Field
        id="staff-discountReason"
        name="discountReason"
        label="Reason for the discount"
        error={errors.discountReason}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={300}
            placeholder="Needed for any discount; kept in the audit trail."
          />
        )}
      </Field>
    </fieldset>
  );
}
