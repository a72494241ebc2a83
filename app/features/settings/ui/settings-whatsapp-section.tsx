import { TEMPLATE_PARAMETERS } from "~/features/settings/whatsapp-messages";
import { type Errors, Section, TextField, type Values } from "./settings-fields";

const TEMPLATE_FIELDS = [
  { event: "placed", label: "Order Placed Template" },
  { event: "confirmed", label: "Order Confirmed Template" },
  { event: "dispatched", label: "Order Dispatched Template" },
  { event: "delivered", label: "Order Delivered Template" },
  { event: "proof", label: "Design Proof Template" },
  { event: "ndr", label: "Delivery Failed Template" },
  { event: "review", label: "Review Request Template" },
] as const;

/** The template names of the shopper's WhatsApp updates (the access token is entered at Keys, never here). */
export function WhatsAppSection(p: { values: Values; errors: Errors; configured: boolean }) {
  return (
    <Section
      title="WhatsApp Updates"
      description={
        p.configured
          ? "Sent through the WhatsApp Business Cloud API to shoppers who ticked the box at checkout. Each name must match an approved template in WhatsApp Manager."
          : "Not connected: messages for shoppers who ticked the box at checkout are written to the outbox folder. Enter the WhatsApp keys in Settings > Keys (or set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID on the server) to send them."
      }
    >
      {TEMPLATE_FIELDS.map((t) => (
        <TextField
          key={t.event}
          {...p}
          name={`whatsappUpdates.${t.event}`}
          label={t.label}
          maxLength={512}
          autoComplete="off"
          description={`Body: ${TEMPLATE_PARAMETERS[t.event].map((what, i) => `{{${i + 1}}} ${what}`).join(", ")}.`}
        />
      ))}
      <TextField
        {...p}
        name="whatsappUpdates.language"
        label="Template Language"
        maxLength={10}
        autoComplete="off"
        description="The templates' language code, e.g. en, en_US or hi."
      />
    </Section>
  );
}
