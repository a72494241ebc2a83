import { Form, Link } from "react-router";
import {
  unsubscribeAction,
  unsubscribeLoader,
} from "~/features/checkout-recovery/routes/recovery-links.server";
import { Button } from "~/ui/button";
import { PrivateLinkErrorPage } from "~/ui/error-page";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/checkout-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Stop cart reminders",
    description: "Stop reminders about a saved cart.",
    path: "/checkout",
    noindex: true,
  });

/** /checkout/unsubscribe/:token: a button (mail scanners follow links; only a POST unsubscribes). */
export function loader({ params, context }: Route.LoaderArgs) {
  return unsubscribeLoader(params.token ?? "", context);
}

export const action = unsubscribeAction;

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.ok === true || loaderData.mailbox === null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">Cart reminders</h1>
      {done ? (
        <p role="status">
          You are unsubscribed: we will send no more reminders about saved carts to this e-mail or phone.
        </p>
      ) : (
        <>
          <p>
            Stop the reminders about your saved cart to {loaderData.mailbox}? Your saved cart is deleted too,
            and we will not send cart reminders to this e-mail or phone again.
          </p>
          <Form method="post">
            <Button type="submit">Unsubscribe</Button>
          </Form>
        </>
      )}
      <Link to="/" className="underline underline-offset-2">
        Back to the shop
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkErrorPage
      error={error}
      notFound={{ title: "Link not found", text: "This link is not valid." }}
      action={
        <Button asChild>
          <Link to="/">Back to the shop</Link>
        </Button>
      }
    />
  );
}
