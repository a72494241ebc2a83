import { Badge } from "~/ui/badge";
import { Card, CardContent } from "~/ui/card";
import { formatRupees } from "~/shared/money";
import { formatIstDateTime } from "~/shared/ist-dates";
import type { ChatOrderRow } from "~/features/channels/chat-orders.server";
import { PayLinkShare } from "./pay-link-share";

const STATE_TONE: Record<ChatOrderRow["state"], string> = {
  awaiting: "bg-amber-500/15 text-amber-300",
  paid: "bg-green-600/20 text-green-300",
  cod: "bg-sky-600/20 text-sky-300",
  expired: "bg-muted text-muted-foreground",
  "sold-out": "bg-destructive/20 text-destructive",
};

/** The latest orders made in chats: state (awaiting payment, paid, expired), chat, total and the link. */
export function ChatOrdersList({ orders, origin }: { orders: ChatOrderRow[]; origin: string }) {
  if (orders.length === 0) return <p className="text-sm text-muted-foreground">No chat orders yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Chat orders">
      {orders.map((o) => (
        <li key={o.checkoutId}>
          <Card>
            <CardContent className="grid gap-3 pt-6 md:grid-cols-[1fr_22rem]">
              <div className="grid gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <a
                    className="font-mono font-semibold underline"
                    href={o.kind === "order" ? "/admin/purchases" : "/admin/custom-neon"}
                  >
                    #{o.displayId}
                  </a>
                  <Badge className={STATE_TONE[o.state]}>{o.stateLabel}</Badge>
                  {o.chat ? <Badge variant="outline">Chat: {o.chat}</Badge> : null}
                  {o.isTest ? <span className="text-amber-400">(Test)</span> : null}
                </p>
                <p>
                  {o.customerName} · {o.customerPhone} · <strong>{formatRupees(o.total)}</strong>
                </p>
                {o.staffDiscount > 0 ? (
                  <p className="text-muted-foreground">
                    Discount {formatRupees(o.staffDiscount)}: {o.discountReason}
                  </p>
                ) : null}
                <p className="text-muted-foreground">
                  Made by {o.createdBy} · link {o.state === "awaiting" ? "open until" : "was open until"}{" "}
                  {formatIstDateTime(o.expiresAt)} (IST)
                </p>
              </div>
              {o.state === "awaiting" ? (
                <PayLinkShare
                  checkoutId={o.checkoutId}
                  url={`${origin}${o.path}`}
                  sent={{ whatsapp: Boolean(o.sends.whatsapp), email: Boolean(o.sends.email) }}
                />
              ) : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
