import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Input, Textarea } from "~/ui/input";
import { pageMeta } from "~/ui/seo";
import { useForm } from "~/ui/use-form";
import { telHref } from "~/features/settings/store";
import {
  checkComplaintFields,
  COMPLAINT_DESCRIPTION_MAX,
  GRIEVANCE_CATEGORIES,
} from "~/features/grievances/grievance-limits";
import { PhotoField } from "~/features/grievances/ui/photo-field";
import {
  complaintFormLoader,
  raiseComplaintAction,
} from "~/features/grievances/routes/complaint-routes.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/complaint-new";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Raise a complaint",
    description:
      "Raise a complaint with our grievance officer: you get a ticket number at once, an acknowledgement within 48 hours and a resolution within one month.",
    path: "/complaints/new",
  });

export function loader({ request }: Route.LoaderArgs) {
  return complaintFormLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return raiseComplaintAction({ request, context });
}

const SELECT_CLASS =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** "Raise a complaint": contact, the order it is about (optional), what it is about, the story, a photo. */
export default function ComplaintNew({ actionData: answer, loaderData }: Route.ComponentProps) {
  const store = useRouteLoaderData<typeof rootLoader>("root")?.store;
  const busy = useNavigation().state === "submitting";
  // No toasts here: a refusal's sentence shows above the button.
  const form = useForm({ answer, pending: busy, toast: false, schema: checkComplaintFields });
  const { errors } = form;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Raise a complaint</h1>
        <p className="text-muted-foreground">
          Tell us what went wrong. You get a ticket number at once and a private link to follow it. Our
          grievance officer acknowledges every complaint within 48 hours and resolves it within one month.
        </p>
        {store ? (
          <p className="text-sm">
            Grievance officer: <span className="font-medium">{store.grievance.name}</span> ·{" "}
            <a href={`mailto:${store.grievance.email}`} className="underline underline-offset-2">
              {store.grievance.email}
            </a>{" "}
            ·{" "}
            <a href={telHref(store.grievance.phone)} className="underline underline-offset-2">
              {store.grievance.phone}
            </a>
          </p>
        ) : null}
      </div>
      <Form method="post" encType="multipart/form-data" className="space-y-6" {...form.props}>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Your complaint</h2>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field
              id="gr-order"
              name="orderNumber"
              label="Order number (optional)"
              error={errors.orderNumber}
            >
              {(control) => (
                <Input
                  {...control}
                  defaultValue={loaderData.orderNumber}
                  placeholder="e.g. NL1A2B3C4D"
                  maxLength={40}
                  autoComplete="off"
                />
              )}
            </Field>
            <Field id="gr-category" name="category" label="What is it about?" error={errors.category}>
              {(control) => (
                <select {...control} className={SELECT_CLASS} required defaultValue="">
                  <option value="" disabled>
                    Choose one
                  </option>
                  {GRIEVANCE_CATEGORIES.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="gr-description" name="description" label="What happened?" error={errors.description}>
              {(control) => <Textarea {...control} rows={6} maxLength={COMPLAINT_DESCRIPTION_MAX} required />}
            </Field>
            <PhotoField error={errors.photo} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Your details</h2>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field id="gr-name" name="name" label="Full Name" error={errors.name}>
                {(control) => <Input {...control} autoComplete="name" maxLength={100} required />}
              </Field>
            </div>
            <Field id="gr-email" name="email" label="Email Address" error={errors.email}>
              {(control) => <Input {...control} type="email" autoComplete="email" maxLength={200} required />}
            </Field>
            <Field id="gr-phone" name="phone" label="Phone Number (optional)" error={errors.phone}>
              {(control) => <Input {...control} type="tel" autoComplete="tel" maxLength={20} />}
            </Field>
          </CardContent>
        </Card>
        <p className="text-xs text-muted-foreground">
          We use these details only to handle your complaint (
          <a href="/privacy-policy#notice" className="underline underline-offset-2">
            privacy notice
          </a>
          ). With an order number, use the e-mail or phone the order was placed with so we can find it. To
          see, correct or erase your data, use{" "}
          <a href="/my-data" className="underline underline-offset-2">
            My data
          </a>
          .
        </p>
        {form.formError ? (
          <p role="alert" className="text-sm text-destructive">
            {form.formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending..." : "Raise complaint"}
        </Button>
      </Form>
    </div>
  );
}
