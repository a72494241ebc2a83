import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { Field } from "~/ui/field";
import { PREPAID_RISK_CHOICES, PREPAID_RISK_LABELS } from "~/features/settings/cod-settings";
import { type Errors, idOf, Section, TextField, type Values } from "./settings-fields";

const YES_NO = ["no", "yes"] as const;
const YES_NO_LABELS = { no: "No: cash on delivery allowed", yes: "Yes: custom signs are paid online" };

const hours = { inputMode: "numeric", autoComplete: "off", maxLength: 3 } as const;

/** COD confirmation (issue 30): when an unconfirmed cash-on-delivery order is reminded and cancelled. */
export function CodConfirmationSection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="COD Confirmation"
      description="Each cash on delivery order asks its shopper to confirm: in the order e-mail (buttons to the order page) and, for shoppers who ticked WhatsApp updates, a WhatsApp template with Confirm and Cancel buttons. Staff can confirm after a call in the order dialog. Unconfirmed orders get one reminder, then are cancelled and their stock comes back. Below: orders that must be paid online."
    >
      <TextField
        {...p}
        {...hours}
        name="codConfirmation.remindAfterHours"
        label="Reminder after (hours)"
        description="After the order is placed; one reminder only."
      />
      <TextField
        {...p}
        {...hours}
        name="codConfirmation.cancelAfterHours"
        label="Cancel after (hours)"
        description="After the order is placed; later than the reminder. Applies to orders placed from now on."
      />
      <TextField
        {...p}
        {...hours}
        name="codConfirmation.holdStockHours"
        label="Keep stock for (hours)"
        description="An unconfirmed order's stock goes back on sale after this (the order still waits for its answer; confirmed later, it takes the stock again if there is any). At most the cancel time."
      />
      <TextField
        {...p}
        name="codConfirmation.whatsappTemplate"
        label="WhatsApp Confirmation Template"
        maxLength={512}
        autoComplete="off"
        description="Body: {{1}} customer's first name, {{2}} order ID, {{3}} order page link; two quick-reply buttons, Confirm and Cancel (in that order). Sent only when the WhatsApp app secret is set (Settings > Keys), so the taps reach the shop."
      />
      <TextField
        {...p}
        name="prepaid.prepaidAbove"
        label="Pay online only above (₹)"
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        description="Orders above this total (without the COD charge) cannot be paid on delivery. 0: no limit."
      />
      <Field
        id={idOf("prepaid.prepaidCustom")}
        name="prepaid.prepaidCustom"
        label="Custom signs paid online only"
        error={p.errors["prepaid.prepaidCustom"]}
        description="The checkout says why before the shopper chooses; the server refuses COD the same way."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={YES_NO}
            labels={YES_NO_LABELS}
            defaultValue={p.values["prepaid.prepaidCustom"] || "no"}
          />
        )}
      </Field>
      <Field
        id={idOf("prepaid.prepaidRiskLevel")}
        name="prepaid.prepaidRiskLevel"
        label="Pay online only from RTO risk"
        error={p.errors["prepaid.prepaidRiskLevel"]}
        description="The risk staff see on each COD order (earlier returns or cancellations for the phone, e-mail or address, the PIN's returns, the value, the address). The shopper is told only that cash on delivery is not offered."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={PREPAID_RISK_CHOICES}
            labels={PREPAID_RISK_LABELS}
            defaultValue={p.values["prepaid.prepaidRiskLevel"] || "off"}
          />
        )}
      </Field>
      <TextField
        {...p}
        name="prepaid.prepaidDiscount"
        label="Online payment discount (₹)"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        description="Taken off orders paid online, on top of the COD charge they do not pay (the checkout says “Pay online and save”). 0: none."
      />
      <TextField
        {...p}
        name="prepaid.prepaidPins"
        label="PIN codes paid online only"
        maxLength={4000}
        autoComplete="off"
        className="md:col-span-2"
        description="6-digit PIN codes, separated by commas (e.g. those where parcels keep coming back)."
      />
    </Section>
  );
}
