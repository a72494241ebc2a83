import { data, redirect } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { clientNetwork, privateCookie, readPrivateCookie } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";
import { listConsents, withdrawConsent, CONSENT_KINDS } from "~/features/data-rights/consents.server";
import { correctableOrders, correctOrder } from "~/features/data-rights/data-correction.server";
import { eraseContactData, type ErasureReport } from "~/features/data-rights/data-erasure.server";
import { contactOrders, exportContactData } from "~/features/data-rights/data-export.server";
import {
  dataRequestByKey,
  logShopperEvent,
  startDataRequest,
  verifyDataCode,
} from "~/features/data-rights/data-requests.server";
import {
  ACCESS_TTL_MS,
  CODE_MESSAGES,
  CODE_SENT_ANSWER,
  exportFileName,
  FORM_MAX_BYTES,
  myDataSchema,
  REQUEST_COOKIE,
} from "~/features/data-rights/data-rights";

/*
 * "My data" (/my-data): one page whose state follows the browser's request cookie (none → the contact form,
 * pending → the code form, verified → export, correction, erasure and consents), its one action, and the
 * export download (/my-data/export.json). Every post is same-origin, rate-limited per client network and
 * body-capped; starting is also limited per network and per contact.
 */

// The whole site: the page's own data requests go to /my-data.data, which a cookie on /my-data would miss.
const COOKIE_PATH = "/";
const keyOf = (request: Request) => readPrivateCookie(request, REQUEST_COOKIE);
const setKey = (request: Request, key: string, maxAge: number) =>
  privateCookie(request, REQUEST_COOKIE, key, COOKIE_PATH, maxAge);

export async function myDataLoader(request: Request) {
  const settings = (await loadShopSettings()).settings;
  const dataContact = settings.privacy.dataContactEmail ?? settings.grievance.email;
  const r = await dataRequestByKey(keyOf(request));
  if (!r) return { state: "start" as const, dataContact };
  if (r.status === "pending") return { state: "code" as const, dataContact };
  if (!r.open) return { state: "closed" as const, dataContact };
  const held = await contactOrders(r.contact);
  return {
    state: "open" as const,
    dataContact,
    contact: r.contactText,
    orderCount: held.ready.length + held.custom.length,
    consents: await listConsents(r.contact),
    consentKinds: CONSENT_KINDS.map((k) => ({ id: k.id, title: k.title })),
    correctable: await correctableOrders(r.contact),
  };
}

type Erased = { erased: ErasureReport };

const act = formAction(
  {
    guard: "same-origin",
    limit: "dataRequestPerClient",
    maxBytes: FORM_MAX_BYTES,
    schema: myDataSchema,
    answers: { invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }) },
  },
  async (input, { request, clientNetwork: network }) => {
    if (input.intent === "start") {
      const contactKey = "email" in input.contact ? input.contact.email : input.contact.phone;
      for (const [limit, key] of [
        ["dataRequestStartPerClient", network],
        ["dataRequestStartPerContact", contactKey],
      ] as const) {
        const counted = await tryConsume(limit, key);
        if (!counted.ok)
          return data(failedAnswer(counted.message), { status: 429, headers: retryAfter(counted) });
      }
      const key = await startDataRequest(input.contact, network);
      return data(okAnswer(CODE_SENT_ANSWER), {
        headers: { "Set-Cookie": setKey(request, key, 60 * 60) },
      });
    }
    const key = keyOf(request);
    if (input.intent === "forget")
      throw redirect("/my-data", { headers: { "Set-Cookie": setKey(request, "", 0) } });
    if (input.intent === "verify") {
      const outcome = await verifyDataCode(key, input.code);
      if (outcome !== "ok")
        return data(failedAnswer(CODE_MESSAGES[outcome], { code: CODE_MESSAGES[outcome] }), { status: 400 });
      return data(okAnswer("Thank you. You can now see, correct and erase your data."), {
        headers: { "Set-Cookie": setKey(request, key!, ACCESS_TTL_MS / 1000) },
      });
    }
    const r = await dataRequestByKey(key);
    if (!r?.open)
      return data(failedAnswer("Your 30 minutes are over. Please ask for a new code."), { status: 403 });
    if (input.intent === "withdraw") {
      const done = await withdrawConsent(r.contact, input.kind, input.ref);
      if (done) await logShopperEvent(r.id, "consent withdrawn", `${input.kind} ${input.ref}`);
      return data(okAnswer(done ? "Withdrawn. We will not do this again." : "This was already withdrawn."));
    }
    if (input.intent === "correct") {
      const { intent: _, ...fields } = input;
      const c = await correctOrder(r.contact, r.id, fields);
      if (!c.ok) return data(failedAnswer(c.message, c.fieldErrors), { status: 400 });
      return data(okAnswer(`Order ${c.displayId} is corrected.`));
    }
    const report = await eraseContactData(r.contact, r.id);
    return data({
      ...okAnswer("Your data is erased, except what we must keep (listed below)."),
      ...({ erased: report } satisfies Erased),
    });
  },
);

export function myDataAction(args: { request: Request; context: unknown }) {
  return act(args);
}

/** GET /my-data/export.json: everything held on the verified contact, as a download. */
export async function myDataExport(request: Request, context: unknown) {
  const counted = await tryConsume("dataExportPerClient", clientNetwork(context));
  if (!counted.ok) return new Response(counted.message, { status: 429, headers: retryAfter(counted) });
  const r = await dataRequestByKey(keyOf(request));
  if (!r?.open) return new Response("Ask for a code on /my-data first.", { status: 403 });
  const body = await exportContactData(r.contact, r.id);
  await logShopperEvent(r.id, "exported");
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "Cache-Control": "no-store",
    },
  });
}
