import { Section, TextField, type Errors, type Values } from "./settings-fields";

/** The business behind the shop: legal and tax details, the grievance officer, product facts (Legal and tax). */
export function LegalSection(p: { values: Values; errors: Errors }) {
  return (
    <>
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
    </>
  );
}
