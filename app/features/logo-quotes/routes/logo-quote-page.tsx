import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Input, Textarea } from "~/ui/input";
import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { LOGO_NOTES_MAX } from "~/features/logo-quotes/logo-quote-limits";
import { pageMeta } from "~/ui/seo";
import { useForm } from "~/ui/use-form";
import { shopSettings } from "~/features/settings/store-settings.server";
import { LogoFileField, RADIO_CLASS } from "~/features/logo-quotes/ui/logo-file-field";
import { logoQuoteRequestAction } from "~/features/logo-quotes/routes/logo-quote-routes.server";
import type { Route } from "./+types/logo-quote-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Get a quote for your logo",
    description: "Send us your logo: we price it as a neon sign and e-mail you a link to order it.",
    path: "/customize/logo",
  });

export async function loader() {
  const { quotes } = await shopSettings();
  return { replyHours: quotes.replyHours };
}

export async function action({ request, context }: Route.ActionArgs) {
  return logoQuoteRequestAction(request, context);
}

/** "Get a quote for your logo": logo, size, notes and contact details; staff reply with a price by e-mail. */
export default function LogoQuotePage({ actionData: answer, loaderData }: Route.ComponentProps) {
  const replyIn = `${loaderData.replyHours} ${loaderData.replyHours === 1 ? "hour" : "hours"}`;
  const busy = useNavigation().state === "submitting";
  // No toasts here: a refusal's sentence shows above the button.
  const form = useForm({ answer, pending: busy, toast: false });
  const { errors } = form;
  if (answer?.ok) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Thank you!</h1>
        <p role="status">
          We have your logo (quote {answer.ref}). We will e-mail you a price and a link to order your sign
          within {replyIn}.
        </p>
        <Button asChild variant="outline">
          <Link to="/customize">Back to the customiser</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Get a quote for your logo</h1>
        <p className="text-muted-foreground">
          Send us your logo or artwork as a PNG or JPG picture. We price it as a neon sign and e-mail you a
          link to pay online or choose cash on delivery at that price.
        </p>
        <p className="text-sm font-medium text-primary" data-testid="reply-time">
          We reply within {replyIn}.
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" className="space-y-6" {...form.props}>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Your logo</h2>
          </CardHeader>
          <CardContent className="grid gap-4">
            <LogoFileField error={errors.logo} />
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Size</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {CUSTOM_SIZES.map((s) => (
                  <label
                    key={s.id}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-input p-3 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name="size"
                      value={s.id}
                      defaultChecked={s.id === "M"}
                      className={RADIO_CLASS}
                    />
                    <span>
                      {s.label}
                      <span className="block text-xs text-muted-foreground">{s.widthCm} cm wide</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.size ? <p className="text-sm text-destructive">{errors.size}</p> : null}
            </fieldset>
            <Field
              id="lq-notes"
              name="notes"
              label="Notes (colours, where it will hang, anything else)"
              error={errors.notes}
            >
              {(control) => <Textarea {...control} rows={3} maxLength={LOGO_NOTES_MAX} />}
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Your details</h2>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field id="lq-name" name="name" label="Full Name" error={errors.name}>
                {(control) => <Input {...control} autoComplete="name" maxLength={100} required />}
              </Field>
            </div>
            <Field id="lq-phone" name="phone" label="Phone Number" error={errors.phone}>
              {(control) => <Input {...control} type="tel" autoComplete="tel" maxLength={20} required />}
            </Field>
            <Field id="lq-email" name="email" label="Email Address" error={errors.email}>
              {(control) => <Input {...control} type="email" autoComplete="email" maxLength={200} required />}
            </Field>
          </CardContent>
        </Card>
        {form.formError ? (
          <p role="alert" className="text-sm text-destructive">
            {form.formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending..." : "Ask for a quote"}
        </Button>
      </Form>
    </div>
  );
}
