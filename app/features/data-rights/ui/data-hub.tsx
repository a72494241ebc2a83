import { Form } from "react-router";
import { formatIstDate } from "~/shared/ist-dates";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { NativeCheckbox } from "~/ui/native-checkbox";
import type { ConsentEntry } from "~/features/data-rights/consents.server";
import type { CorrectableOrder } from "~/features/data-rights/data-correction.server";
import type { ErasureReport } from "~/features/data-rights/data-erasure.server";
import type { FieldErrors as Errors } from "~/shared/form-errors";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{title}</h2>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">{children}</CardContent>
    </Card>
  );
}

/** A copy of everything held on the contact (JSON). */
export function ExportSection({ orderCount }: { orderCount: number }) {
  return (
    <Section title="Download my data">
      <p className="text-muted-foreground">
        A file with everything we hold on you: {orderCount} {orderCount === 1 ? "order" : "orders"} with their
        lines, history, invoices, payments back and deliveries, your complaints, reviews, logo quotes,
        consents and these requests.
      </p>
      <Button asChild>
        <a href="/my-data/export.json" download>
          Download my data (JSON)
        </a>
      </Button>
    </Section>
  );
}

/** Every consent the contact gave, each withdrawable with one click. */
export function ConsentsSection({ consents }: { consents: ConsentEntry[] }) {
  return (
    <Section title="My consents">
      {consents.length === 0 ? (
        <p className="text-muted-foreground">
          Nothing to withdraw: you have no WhatsApp updates, review requests or shared review photos with us.
          We send no marketing.
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {consents.map((c) => (
            <li key={`${c.kind}:${c.ref}`} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="font-medium">{c.label}</p>
                <p className="text-muted-foreground">Given on {formatIstDate(c.givenAt)}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="kind" value={c.kind} />
                <input type="hidden" name="ref" value={c.ref} />
                <Button type="submit" variant="outline" size="sm">
                  Withdraw
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const FIELDS = [
  ["name", "Full name", "name"],
  ["email", "E-mail", "email"],
  ["phone", "Phone (10 digits)", "tel"],
  ["address1", "Address line 1", "address-line1"],
  ["address2", "Address line 2 (optional)", "address-line2"],
  ["landmark", "Landmark (optional)", "off"],
  ["city", "City", "address-level2"],
  ["pincode", "PIN code", "postal-code"],
] as const;

/** Name, contact and address of orders not yet handed to the courier. */
export function CorrectionSection({ orders, errors }: { orders: CorrectableOrder[]; errors: Errors }) {
  return (
    <Section title="Correct my details">
      <p className="text-muted-foreground">
        Orders not yet handed to the courier can be corrected here. The state cannot change (it sets the GST
        on your invoice), nor the PIN of an express order; for those, or an order already on its way, please
        contact us.
      </p>
      {orders.length === 0 ? <p>No order can be corrected now.</p> : null}
      {orders.map((o) => (
        <details key={o.ref} className="rounded-md border p-3">
          <summary className="cursor-pointer font-medium">Order {o.displayId}</summary>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="correct" />
            <input type="hidden" name="orderRef" value={o.ref} />
            {FIELDS.map(([name, label, auto]) => (
              <Field key={name} id={`fix-${o.ref}-${name}`} name={name} label={label} error={errors[name]}>
                {(control) => (
                  <Input {...control} defaultValue={o.values[name]} autoComplete={auto} maxLength={200} />
                )}
              </Field>
            ))}
            <div className="sm:col-span-2">
              <Button type="submit">Save the correction</Button>
            </div>
          </Form>
        </details>
      ))}
    </Section>
  );
}

/** Erase: what is not needed goes; what the law keeps is listed with its reason. */
export function EraseSection({ errors, report }: { errors: Errors; report: ErasureReport | undefined }) {
  return (
    <Section title="Erase my data">
      <p className="text-muted-foreground">
        We delete your complaints that are resolved, your reviews, unordered logo quotes and the e-mail, phone
        and street address on your finished orders. Indian GST law makes us keep sales records and invoices
        for 8 years: those invoices stay as issued. Orders still on their way are kept until they arrive.
      </p>
      {report ? <ErasureResult report={report} /> : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="erase" />
        <label className="flex items-start gap-2">
          <NativeCheckbox name="confirm" aria-invalid={errors.confirm ? true : undefined} />
          <span>I understand this cannot be undone.</span>
        </label>
        {errors.confirm ? <p className="text-destructive">{errors.confirm}</p> : null}
        <Button type="submit" variant="destructive">
          Erase my data
        </Button>
      </Form>
    </Section>
  );
}

function ErasureResult({ report }: { report: ErasureReport }) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-green-600 bg-green-500/10 p-3">
      <p className="font-medium">What happened</p>
      <ul className="list-disc space-y-1 pl-5">
        {report.orders.map((o) => (
          <li key={o.ref}>
            Order {o.ref}: {o.reason}
          </li>
        ))}
        <li>Complaints deleted: {report.complaintsDeleted}.</li>
        {report.complaintsKept.length ? (
          <li>
            Kept while we answer them: {report.complaintsKept.join(", ")}. Ask again once they are resolved.
          </li>
        ) : null}
        <li>Logo quotes deleted: {report.quotesDeleted}.</li>
      </ul>
    </div>
  );
}
