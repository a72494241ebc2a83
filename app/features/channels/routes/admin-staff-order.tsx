import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { useFetcherForm } from "~/ui/use-form";
import type { FormAnswer } from "~/shared/form-answer";
import { formatRupees } from "~/shared/money";
import { formatIstDateTime } from "~/shared/ist-dates";
import { StaffOrderLines } from "~/features/channels/ui/staff-order-lines";
import { StaffOrderCustomer, StaffOrderDiscount } from "~/features/channels/ui/staff-order-customer";
import { PayLinkShare } from "~/features/channels/ui/pay-link-share";
import { ChatOrdersList } from "~/features/channels/ui/chat-orders-list";
import { staffOrderAction, staffOrderLoader } from "./admin-staff-order.server";
import type { Route } from "./+types/admin-staff-order";

export const meta: Route.MetaFunction = () => adminMeta("Chat Orders");

export function loader({ request }: Route.LoaderArgs) {
  return staffOrderLoader(request);
}

// The action itself (not a wrapper), so the role tests read its intents (admin-intent-roles.test.ts).
export const action = staffOrderAction;

/** Tables whose changes reload the page (a link paid, expired or sent). */
const LIVE_TABLES = ["orders", "custom_neon_orders", "checkouts"] as const;

type Made = { checkoutId: string; displayId: string; url: string; total: number; expiresAt: string };
type Answer = FormAnswer & { made?: Made };

/**
 * Chat Orders (issue 46): staff make an order for a customer met on WhatsApp, Instagram or the phone, priced by
 * the server, and send its pay link; the customer checks it and pays on the shop's own order page.
 */
export default function AdminStaffOrder({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const { fetcher, errors, pending } = useFetcherForm<Answer>({
    key: "staff-order",
    toast: { ok: "Order made", failed: "Order not made" },
  });
  const made = fetcher.data?.ok ? fetcher.data.made : undefined;
  return (
    <AdminPage
      title="Chat Orders"
      description={`Make an order for a customer you are chatting with and send them the pay link. It stays open ${d.payLinkHours} hours; the stock is taken when they pay.`}
      liveTables={LIVE_TABLES}
    >
      {made ? (
        <Card className="border-green-700" aria-label="Order made">
          <CardHeader>
            <h2 className="text-lg font-semibold">
              Order #{made.displayId} made: {formatRupees(made.total)}, awaiting payment until{" "}
              {formatIstDateTime(made.expiresAt)} (IST)
            </h2>
          </CardHeader>
          <CardContent>
            <PayLinkShare
              checkoutId={made.checkoutId}
              url={made.url}
              sent={{ whatsapp: false, email: false }}
            />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">New order</h2>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" className="grid gap-6" aria-label="New chat order">
            <input type="hidden" name="intent" value="create" />
            <StaffOrderLines
              products={d.products}
              design={d.design}
              quotes={d.quotes}
              initialQuoteId={d.quoteId}
              errors={errors}
            />
            <StaffOrderCustomer errors={errors} contact={d.contact} />
            <StaffOrderDiscount errors={errors} limitPercent={d.limitPercent} isOwner={d.isOwner} />
            <p className="text-sm text-muted-foreground">
              The server prices the order (offers, delivery and the online-payment discount as at checkout).
              The customer pays online through the order page.
            </p>
            <div>
              <Button type="submit" disabled={pending}>
                Make order and pay link
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="chat-orders-title">
        <h2 id="chat-orders-title" className="text-xl font-semibold">
          Latest chat orders
        </h2>
        <ChatOrdersList orders={d.orders} origin={d.publicUrl} />
      </section>
    </AdminPage>
  );
}
