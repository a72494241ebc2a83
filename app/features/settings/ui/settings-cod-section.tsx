import { type Errors, Section, TextField, type Values } from "./settings-fields";

const hours = { inputMode: "numeric", autoComplete: "off", maxLength: 3 } as const;

/** COD confirmation (issue 30): when an unconfirmed cash-on-delivery order is reminded and cancelled. */
export function CodConfirmationSection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="COD Confirmation"
      description="Each cash on delivery order asks its shopper to confirm: in the order e-mail (buttons to the order page) and, for shoppers who ticked WhatsApp updates, a WhatsApp template with Confirm and Cancel buttons. Staff can confirm after a call in the order dialog. Unconfirmed orders get one reminder, then are cancelled and their stock comes back."
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
        name="codConfirmation.whatsappTemplate"
        label="WhatsApp Confirmation Template"
        maxLength={512}
        autoComplete="off"
        description="Body: {{1}} customer's first name, {{2}} order ID, {{3}} order page link; two quick-reply buttons, Confirm and Cancel (in that order). Sent only when WHATSAPP_APP_SECRET is set, so the taps reach the shop."
      />
    </Section>
  );
}
