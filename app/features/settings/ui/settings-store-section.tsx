import { Section, TextField, type Errors, type Values } from "./settings-fields";

/** The store's public details: name and contact, business hours, social links (the Store section). */
export function StoreSection(p: { values: Values; errors: Errors }) {
  return (
    <>
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
    </>
  );
}
