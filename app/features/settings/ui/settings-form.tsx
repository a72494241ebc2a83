import { Save } from "lucide-react";
import { Button } from "~/ui/button";
import { settingsFormErrors } from "~/features/settings/shop-settings";
import { useFetcherForm } from "~/ui/use-form";
import { Section, TextField, type Values } from "./settings-fields";
import { LimitsSection } from "./settings-limits-section";
import { ShippingSection } from "./settings-shipping-section";
import { CourierSection } from "./settings-courier-section";
import { WhatsAppSection } from "./settings-whatsapp-section";
import { PrivacySection } from "./settings-privacy-section";
import { ReviewsSection } from "./settings-reviews-section";
import { CodConfirmationSection } from "./settings-cod-section";
import { RecoverySection } from "./settings-recovery-section";

/** The whole settings form: every group of settings, one Save. Checked by the server's schema as you fix it. */
export function SettingsForm({
  values,
  version,
  whatsappConfigured,
  shiprocket,
}: {
  values: Values;
  version: string;
  whatsappConfigured: boolean;
  /** Shiprocket keys are set: bookings use the Courier section, and its pickup address can be registered. */
  shiprocket: boolean;
}) {
  const form = useFetcherForm({ schema: settingsFormErrors });
  const { errors, pending } = form;
  const p = { values, errors };

  return (
    <form.fetcher.Form method="post" {...form.props} className="flex flex-col gap-6">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <Section title="Store Details" description="Shown in the header, footer, contact page and e-mails.">
        <TextField {...p} name="store.name" label="Store Name" maxLength={80} />
        <TextField {...p} name="store.email" label="Store Email" type="email" maxLength={200} />
        <TextField {...p} name="store.phone" label="Store Phone" type="tel" maxLength={30} />
        <TextField
          {...p}
          name="store.whatsapp"
          label="WhatsApp Number"
          type="tel"
          maxLength={30}
          description="With the country code, e.g. 91 98765 43210."
        />
        <TextField
          {...p}
          name="store.address"
          label="Address"
          maxLength={200}
          className="md:col-span-2"
          description="Shown in the footer and on the contact page (Visit Us)."
        />
      </Section>
      <Section title="Business Hours" description="Shown on the contact page.">
        <TextField {...p} name="store.hoursWeekdays" label="Weekdays" maxLength={60} />
        <TextField {...p} name="store.hoursSaturday" label="Saturday" maxLength={60} />
        <TextField {...p} name="store.hoursSunday" label="Sunday" maxLength={60} />
        <TextField
          {...p}
          name="quotes.replyHours"
          label="Logo quotes: we reply within (hours)"
          description="Promised on the logo quote page."
          inputMode="numeric"
          maxLength={3}
        />
      </Section>
      <Section title="Social Links" description="The footer's links to the shop's profiles.">
        <TextField {...p} name="social.instagramUrl" label="Instagram" type="url" maxLength={500} />
        <TextField {...p} name="social.youtubeUrl" label="YouTube" type="url" maxLength={500} />
        <TextField {...p} name="social.facebookUrl" label="Facebook (optional)" type="url" maxLength={500} />
      </Section>
      <Section
        title="Legal"
        description="The business behind the shop, shown in the footer, on the policies and on GST tax invoices (with the store address)."
      >
        <TextField {...p} name="legal.legalName" label="Legal Name" maxLength={200} />
        <TextField
          {...p}
          name="legal.gstin"
          label="GSTIN (optional)"
          maxLength={20}
          autoCapitalize="characters"
          description="15 characters; checked with its check character. Needed for tax invoices."
        />
        <TextField
          {...p}
          name="legal.hsnCode"
          label="HSN Code"
          maxLength={8}
          inputMode="numeric"
          description="Printed on each invoice line (9405: lamps and light fittings)."
        />
        <TextField
          {...p}
          name="legal.gstRate"
          label="GST Rate (%)"
          maxLength={2}
          inputMode="numeric"
          description="Prices include this tax; invoices show it as CGST + SGST or IGST."
        />
        <TextField
          {...p}
          name="legal.lutReference"
          label="LUT Reference (optional)"
          maxLength={40}
          className="md:col-span-2"
          description="For orders abroad: exports are invoiced without IGST under this Letter of Undertaking."
        />
      </Section>
      <Section
        title="Grievance Officer"
        description="Named on the contact page, in the footer and in the Terms, as the Consumer Protection (E-Commerce) Rules, 2020 require; new complaints are e-mailed to this address."
      >
        <TextField {...p} name="grievance.name" label="Officer's Name" maxLength={100} />
        <TextField {...p} name="grievance.email" label="Officer's Email" type="email" maxLength={200} />
        <TextField {...p} name="grievance.phone" label="Officer's Phone" type="tel" maxLength={30} />
      </Section>
      <Section
        title="Product facts"
        description="Shown on every product page unless the product form says otherwise (issue 32 declarations)."
      >
        <TextField {...p} name="productFacts.genericName" label="Generic name" maxLength={80} />
        <TextField {...p} name="productFacts.countryOfOrigin" label="Country of origin" maxLength={60} />
        <TextField {...p} name="productFacts.netQuantity" label="Net quantity" maxLength={60} />
        <TextField
          {...p}
          name="productFacts.placement"
          label="Where it may hang (indoor or outdoor)"
          maxLength={7}
        />
        <TextField {...p} name="productFacts.weight" label="Weight" maxLength={120} />
        <TextField {...p} name="productFacts.power" label="Power draw" maxLength={120} />
        <TextField {...p} name="productFacts.adaptor" label="Adaptor and plug" maxLength={200} />
        <TextField {...p} name="productFacts.inTheBox" label="In the box" maxLength={300} />
        <TextField {...p} name="productFacts.warranty" label="Warranty" maxLength={300} />
      </Section>
      <ShippingSection {...p} />
      <CourierSection {...p} shiprocket={shiprocket} />
      <LimitsSection {...p} />
      <WhatsAppSection {...p} configured={whatsappConfigured} />
      <CodConfirmationSection {...p} />
      <RecoverySection {...p} />
      <ReviewsSection {...p} />
      <PrivacySection {...p} />
      <div className="sticky bottom-0 z-10 -mx-1 flex justify-end border-t bg-background/95 px-1 py-3 backdrop-blur">
        <Button type="submit" disabled={pending}>
          <Save /> {pending ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
