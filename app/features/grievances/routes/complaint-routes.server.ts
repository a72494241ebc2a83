import { data, redirect } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { parseOrderReference } from "~/features/order-page/order-page";
import { clientNetwork } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import { formAction } from "~/platform/http/form-action.server";
import { takeIntake } from "~/platform/limits/intake-limits.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";
import {
  complaintSchema,
  shopperReplySchema,
  ticketPath,
  isTicketToken,
} from "~/features/grievances/grievances";
import { COMPLAINT_FORM_MAX_BYTES, REPLY_FORM_MAX_BYTES } from "~/features/grievances/grievance-limits";
import {
  addShopperReply,
  grievanceIdByToken,
  raiseGrievance,
  ticketForShopper,
} from "~/features/grievances/grievances.server";

/**
 * The shopper's complaint pages: "Raise a complaint" (/complaints/new) and a ticket's private page
 * (/complaints/:token), with their limits, body caps and origin check (staff: admin-complaints.server.ts).
 */

/** The order number the order page hands over (?order=NL1A2B3C4D), when it is one. */
export function complaintFormLoader(request: Request) {
  const order = new URL(request.url).searchParams.get("order")?.slice(0, 40) ?? "";
  return { orderNumber: parseOrderReference(order) ? order.trim().toUpperCase() : "" };
}

const raise = formAction(
  {
    guard: "same-origin",
    limit: "complaintPerClient",
    maxBytes: COMPLAINT_FORM_MAX_BYTES,
    schema: complaintSchema,
    // The page shows a sentence above the button and each field's message beside it.
    answers: {
      tooLarge: () =>
        data(failedAnswer(undefined, { photo: "The photo is larger than 5 MB." }), { status: 413 }),
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
    },
  },
  async (input, { form, clientNetwork: network }) => {
    const file = formFiles(form, "photo")[0];
    const bytes = file && file.size > 0 ? await fileBytes(file) : null;
    // Per phone and mailbox (3 a day) and the day's bytes: counted only for a complaint that would be stored.
    const intake = await takeIntake("complaint", {
      contacts: [input.email, input.phone ?? ""],
      bytes: bytes?.bytes.length ?? 0,
    });
    if (!intake.ok) return data(failedAnswer(intake.message), { status: 429, headers: retryAfter(intake) });
    const r = await raiseGrievance(input, bytes, network);
    if (!r.ok) return data(failedAnswer(undefined, r.errors), { status: 400 });
    throw redirect(`${ticketPath(r.token)}?raised=1`);
  },
);

/** POST /complaints/new. */
export function raiseComplaintAction(args: { request: Request; context: unknown }) {
  return raise(args);
}

/**
 * GET /complaints/<token>: counted like order pages (bounds the work of guessing links); a token that
 * opens no ticket is a 404, whatever it looks like.
 */
export async function complaintPageLoader(token: string | undefined, context: unknown) {
  const counted = await tryConsume("orderPagePerClient", clientNetwork(context));
  if (!counted.ok) throw data(null, { status: 429, headers: retryAfter(counted) });
  const ticket = token ? await ticketForShopper(token) : null;
  if (!ticket) throw data(null, { status: 404 });
  return ticket;
}

const reply = formAction(
  {
    guard: "same-origin",
    limit: "complaintReplyPerClient",
    maxBytes: REPLY_FORM_MAX_BYTES,
    schema: shopperReplySchema,
    answers: { invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }) },
  },
  async (input, { params }) => {
    const token = params.token ?? "";
    const id = isTicketToken(token) ? await grievanceIdByToken(token) : null;
    if (!id) throw data(null, { status: 404 });
    const perTicket = await tryConsume("complaintReplyPerTicket", id);
    if (!perTicket.ok)
      return data(failedAnswer(perTicket.message), { status: 429, headers: retryAfter(perTicket) });
    const r = await addShopperReply(token, input.body);
    if (!r.ok) throw data(null, { status: 404 });
    return data(
      okAnswer(
        r.reopened
          ? "Thank you. We have reopened your complaint and will reply soon."
          : "Thank you. Your message is sent; we reply by e-mail and on this page.",
      ),
    );
  },
);

/** POST /complaints/<token>: the shopper's reply. */
export function complaintReplyAction(args: {
  request: Request;
  context: unknown;
  params: { token?: string };
}) {
  return reply(args);
}
