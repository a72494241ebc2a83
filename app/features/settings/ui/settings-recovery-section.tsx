import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { Field } from "~/ui/field";
import { type Errors, idOf, Section, TextField, type Values } from "./settings-fields";

const YES_NO = ["no", "yes"] as const;
const LABELS = { no: "Off: no consent box, no reminders", yes: "On: offer reminders at checkout" };
const num = { inputMode: "numeric", autoComplete: "off", maxLength: 3 } as const;

/** Abandoned-checkout reminders (issue 30, decision 045): on/off, the two delays, the code, how long kept. */
export function RecoverySection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="Abandoned-Checkout Reminders"
      description="A shopper who ticks “Remind me about this cart” at checkout and leaves without ordering gets at most two reminders, by e-mail (and WhatsApp when they also ticked WhatsApp updates and WhatsApp is set up), each with a link that puts the same cart back. Nothing is sent to anyone who did not tick the box; an order or an unsubscribe stops them."
    >
      <Field
        id={idOf("recovery.enabled")}
        name="recovery.enabled"
        label="Cart reminders"
        error={p.errors["recovery.enabled"]}
        description="The consent box appears at checkout only when this is on."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={YES_NO}
            labels={LABELS}
            defaultValue={p.values["recovery.enabled"] || "no"}
          />
        )}
      </Field>
      <TextField
        {...p}
        {...num}
        name="recovery.firstAfterHours"
        label="First reminder after (hours)"
        description="After the shopper last changed their checkout."
      />
      <TextField
        {...p}
        {...num}
        name="recovery.secondAfterHours"
        label="Second reminder after (hours)"
        description="Also counted from the shopper's last change; later than the first."
      />
      <TextField
        {...p}
        {...num}
        name="recovery.secondDiscountPercent"
        label="Discount in the second reminder (%)"
        description="A single-use code for that shopper only, valid 7 days. 0: no code."
      />
      <TextField
        {...p}
        {...num}
        name="recovery.keepDays"
        label="Keep abandoned checkouts (days)"
        description="Then the saved cart and contact are deleted (the privacy policy says so)."
      />
      <TextField
        {...p}
        name="recovery.whatsappTemplate"
        label="WhatsApp Cart Reminder Template"
        maxLength={512}
        autoComplete="off"
        description="Body: {{1}} customer's first name, {{2}} the link that restores the cart. Used only with WhatsApp keys set."
      />
    </Section>
  );
}
