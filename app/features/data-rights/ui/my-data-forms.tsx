import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { FieldErrors } from "~/shared/form-errors";

type FormProps = { errors: FieldErrors; busy: boolean; formProps: object };

/** Step 1: the e-mail or phone the shopper ordered with (the answer is the same whether or not we hold it). */
export function StartForm({ errors, busy, formProps }: FormProps) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Which e-mail or phone?</h2>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-4" {...formProps}>
          <input type="hidden" name="intent" value="start" />
          <Field
            id="my-data-contact"
            name="contact"
            label="E-mail or phone number used for your orders"
            error={errors.contact}
            description="We send a 6-digit code to that e-mail address (for a phone: to the e-mail of its orders)."
          >
            {(control) => <Input {...control} autoComplete="email" maxLength={200} required />}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send me a code"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Step 2: the code from the e-mail (5 tries, 10 minutes), or start again. */
export function CodeForm({ errors, busy, formProps }: FormProps) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Enter your code</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form method="post" className="space-y-4" {...formProps}>
          <input type="hidden" name="intent" value="verify" />
          <Field
            id="my-data-code"
            name="code"
            label="6-digit code"
            error={errors.code}
            description="It is valid for 10 minutes; after 5 wrong tries, ask for a new one."
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                pattern="[0-9 ]*"
                required
                className="max-w-40 text-lg tracking-widest"
              />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Continue"}
          </Button>
        </Form>
        <ForgetButton label="Use another e-mail or phone" />
      </CardContent>
    </Card>
  );
}

/** Drops the browser's request (its cookie); the page starts again. */
export function ForgetButton({ label }: { label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="forget" />
      <Button type="submit" variant="link" className="h-auto px-0">
        {label}
      </Button>
    </Form>
  );
}
