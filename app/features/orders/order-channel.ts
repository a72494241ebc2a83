import { CHAT_APP_LABELS, type ChatApp } from "~/features/order-lifecycle/order-status";
import {
  PAY_LINK_STATE_LABELS,
  payLinkState,
  type PayLinkFacts,
} from "~/features/order-lifecycle/pay-link-state";

/**
 * Where an order was made, as staff read it in the lists and the order dialog (issue 46): "Website", or
 * "Chat (WhatsApp)" with its pay link's state ("Awaiting payment", "Paid", "Expired unpaid").
 */
export function channelNote(o: {
  channel: string;
  chatApp: string | null;
  payLink: PayLinkFacts | null;
}): string {
  if (o.channel !== "chat") return "Website";
  const chat = o.chatApp ? CHAT_APP_LABELS[o.chatApp as ChatApp] : null;
  const head = chat ? `Chat (${chat})` : "Chat";
  return o.payLink ? `${head}: ${PAY_LINK_STATE_LABELS[payLinkState(o.payLink)]}` : head;
}
