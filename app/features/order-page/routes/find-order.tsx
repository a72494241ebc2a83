import { Form, useNavigation } from "react-router";
import { Field } from "~/ui/field";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import { pageMeta } from "~/ui/seo";
import { useForm } from "~/ui/use-form";
import { findOrderAction } from "~/features/order-page/routes/order-page-route.server";
import type { Route } from "./+types/find-order";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Find my order",
    description: "Get the link to your order's page by e-mail.",
    path: "/orders",
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  return findOrderAction(request, context);
}

/**
 * "Find my order": the order number and the phone or e-mail used; the link is e-mailed to the address the
 * order was placed with, so this page never shows an order and never says whether one matched.
 */
export default function FindOrderPage({ actionData: answer }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // No toasts here: the answer's sentence shows below the form.
  const form = useForm({ answer, pending: busy, toast: false });
  const { errors } = form;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Find my order</h1>
        <p className="text-muted-foreground">
          Every order e-mail has a link to the order's own page: its status, tracking and cancellation. Lost
          it? We'll send it again to the e-mail address used for the order.
        </p>
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Send me my order link</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="space-y-4" {...form.props}>
            <Field
              id="lookup-order"
              name="orderId"
              label="Order number"
              error={errors.orderId}
              description="As in your e-mail, e.g. NL1A2B3C4D."
            >
              {(control) => <Input {...control} autoComplete="off" maxLength={40} required />}
            </Field>
            <Field
              id="lookup-contact"
              name="contact"
              label="Phone number or e-mail used for the order"
              error={errors.contact}
            >
              {(control) => <Input {...control} autoComplete="email" maxLength={200} required />}
            </Field>
            <Button type="submit" disabled={busy}>
              Send the link
            </Button>
            {answer?.ok && answer.message ? (
              <p
                role="status"
                className="rounded-md border border-green-600 bg-green-500/10 p-3 text-sm text-green-300"
              >
                {answer.message}
              </p>
            ) : null}
            {form.formError ? (
              <p role="alert" className="text-sm font-medium text-red-400">
                {form.formError}
              </p>
            ) : null}
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
