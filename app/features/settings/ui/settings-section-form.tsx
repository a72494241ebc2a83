import { useMemo } from "react";
import { Save } from "lucide-react";
import { Button } from "~/ui/button";
import { sectionFormErrors, type SectionSlug } from "~/features/settings/settings-sections";
import { useFetcherForm } from "~/ui/use-form";
import type { Errors, Values } from "./settings-fields";
import { StoreSection } from "./settings-store-section";
import { LegalSection } from "./settings-legal-section";
import { LimitsSection } from "./settings-limits-section";
import { ShippingSection } from "./settings-shipping-section";
import { CourierSection } from "./settings-courier-section";
import { WhatsAppSection } from "./settings-whatsapp-section";
import { PrivacySection } from "./settings-privacy-section";
import { ReviewsSection } from "./settings-reviews-section";
import { CodConfirmationSection } from "./settings-cod-section";
import { RecoverySection } from "./settings-recovery-section";
import { WorkshopSection } from "./settings-workshop-section";
import { FeedsSection } from "./settings-feeds-section";

export type SectionFormProps = {
  section: SectionSlug;
  /** The values of the settings the section's fields sit in (dotted names). */
  values: Values;
  /** The section's version (its values' digest): a save from an older one is refused. */
  version: string;
  whatsappConfigured: boolean;
  /** Shiprocket keys are set: bookings use the Courier section, and its pickup address can be registered. */
  shiprocket: boolean;
};

function SectionCards({ section, ...p }: Omit<SectionFormProps, "version"> & { errors: Errors }) {
  const f = { values: p.values, errors: p.errors };
  switch (section) {
    case "store":
      return <StoreSection {...f} />;
    case "legal":
      return <LegalSection {...f} />;
    case "shipping":
      return <ShippingSection {...f} />;
    case "courier":
      return <CourierSection {...f} shiprocket={p.shiprocket} />;
    case "cod":
      return <CodConfirmationSection {...f} />;
    case "limits":
      return <LimitsSection {...f} />;
    case "whatsapp":
      return <WhatsAppSection {...f} configured={p.whatsappConfigured} />;
    case "reminders":
      return <RecoverySection {...f} />;
    case "reviews":
      return <ReviewsSection {...f} />;
    case "feeds":
      return <FeedsSection {...f} />;
    case "privacy":
      return <PrivacySection {...f} />;
    case "workshop":
      return <WorkshopSection {...f} />;
  }
}

/**
 * One section's form (issue 42): its groups of settings and its own Save, which saves only its fields.
 * Checked by the server's schema as you fix it.
 */
export function SettingsSectionForm({ version, ...props }: SectionFormProps) {
  const schema = useMemo(() => sectionFormErrors(props.section, props.values), [props.section, props.values]);
  const form = useFetcherForm({ schema });
  const { errors, pending } = form;

  return (
    <form.fetcher.Form method="post" {...form.props} className="flex flex-col gap-6">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <SectionCards {...props} errors={errors} />
      <div className="sticky bottom-0 z-10 -mx-1 flex justify-end border-t bg-background/95 px-1 py-3 backdrop-blur">
        <Button type="submit" disabled={pending}>
          <Save /> {pending ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
