import { data } from "react-router";
import { paymentGateway } from "~/features/payments/gateway.server";
import { fulfilmentMode } from "~/features/couriers/couriers.server";
import { checkConnection } from "~/features/service-keys/connection-check.server";
import type { SaveKeysForm, ServiceKeysForm } from "~/features/service-keys/service-keys-form";
import { CHECK_FIELDS, failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import type { FieldErrors } from "~/shared/form-errors";
import {
  KEY_PAIRS,
  SERVICE_KEYS,
  SERVICE_TITLES,
  SERVICES,
  keyLabel,
  keyTitle,
  keysOf,
  type KeyName,
  type Service,
} from "~/shared/service-keys";
import type { AdminSession } from "~/platform/auth/auth.server";
import { env, type Env } from "~/platform/env.server";
import {
  freshServiceEnv,
  loadServiceKeys,
  saveServiceKeys,
  serviceKeysView,
  type KeyChange,
} from "~/platform/service-keys.server";

/** What each service does now with the keys in use (a sentence for its card). */
function statusOf(service: Service, e: Env): string {
  switch (service) {
    case "razorpay": {
      const g = paymentGateway();
      if (g.mode === "razorpay") return "Shoppers pay online through Razorpay.";
      if (g.mode === "test") return "Online payments are test payments (the built-in test gateway).";
      return "Online payment is hidden: only cash on delivery is offered.";
    }
    case "shiprocket":
      return fulfilmentMode(e) === "shiprocket"
        ? "Couriers are booked through Shiprocket."
        : "Staff ship by hand (manual mode): they type the courier and tracking number.";
    case "whatsapp":
      return e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? "Order updates are sent through the WhatsApp Cloud API."
        : "Order updates are written to the outbox folder, not sent.";
    case "smtp":
      return e.SMTP_URL
        ? "E-mails are sent through this mail server."
        : "E-mails are written to the outbox folder, not sent.";
  }
}

/** The Keys page: each service's state and keys (where each comes from, its last 4 characters). No key. */
export async function keysPageData() {
  const e = await freshServiceEnv();
  const keys = await serviceKeysView();
  return {
    publicUrl: env().PUBLIC_URL,
    services: SERVICES.map((service) => ({ service, status: statusOf(service, e), keys: keys[service] })),
  };
}

const answer = (a: FormAnswer, status = 200) => data<FormAnswer>(a, { status });

async function saveKeys(input: SaveKeysForm, who: { actor: AdminSession["user"]; ip: string | null }) {
  const e = env();
  const saved = await loadServiceKeys();
  const changes: KeyChange[] = [];
  const errors: FieldErrors = {};
  for (const name of keysOf(input.service)) {
    const value = input[name];
    if (value === undefined) continue;
    if (e[name] !== undefined) errors[name] = `Set in the environment (${name}): change it there.`;
    else changes.push({ name, value });
  }
  // A service that needs two keys never gets one of them alone.
  const has = (n: KeyName) =>
    e[n] !== undefined || changes.some((c) => c.name === n) || saved[n] !== undefined;
  for (const [a, b] of KEY_PAIRS) {
    if (SERVICE_KEYS[a].service !== input.service || has(a) === has(b)) continue;
    const [missing, other] = has(a) ? [b, a] : [a, b];
    errors[missing] ??=
      `Enter the ${keyLabel(missing)} too: ${SERVICE_TITLES[input.service]} needs it with the ${keyLabel(other)}.`;
  }
  if (Object.keys(errors).length) return answer(failedAnswer(CHECK_FIELDS, errors, "save"), 400);
  if (changes.length === 0)
    return answer(
      failedAnswer("Type a key to save it: an empty field keeps the saved key.", undefined, "save"),
      400,
    );
  const changed = await saveServiceKeys(changes, who);
  return answer(
    okAnswer(
      changed.length
        ? `Saved: ${changed.map(keyTitle).join(", ")}.`
        : "Nothing changed: those are the saved keys.",
      "save",
    ),
  );
}

async function clearKey(name: KeyName, who: { actor: AdminSession["user"]; ip: string | null }) {
  const saved = await loadServiceKeys();
  if (saved[name] === undefined)
    return answer(failedAnswer(`No ${keyTitle(name)} is saved here.`, undefined, "clear"), 404);
  await saveServiceKeys([{ name, value: null }], who);
  const still = env()[name] !== undefined ? " The environment's key is still used." : "";
  return answer(okAnswer(`${keyTitle(name)} cleared.${still}`, "clear"));
}

/** The Keys page's forms: save a service's keys, clear one, check a service's connection. */
export async function keysAction(input: ServiceKeysForm, admin: AdminSession, ip: string | null) {
  const who = { actor: admin.user, ip };
  if (input.intent === "save") return saveKeys(input, who);
  if (input.intent === "clear") return clearKey(input.name, who);
  const r = await checkConnection(input.service);
  return answer(
    r.ok ? okAnswer(r.message, "check") : failedAnswer(r.message, undefined, "check"),
    r.ok ? 200 : 502,
  );
}
