import { checkRazorpayKeys, RazorpayError } from "~/features/payments/razorpay.server";
import { ShiprocketClient, ShiprocketError } from "~/features/couriers/shiprocket.server";
import { fetchPhoneNumber, WhatsAppError } from "~/features/whatsapp/cloud-api.server";
import type { Env } from "~/platform/env.server";
import { verifySmtp } from "~/platform/email.server";
import { logger } from "~/platform/logger.server";
import { freshServiceEnv } from "~/platform/service-keys.server";
import { keyLabel, keysOf, type KeyName, type Service } from "~/shared/service-keys";

/*
 * "Check connection" on Settings > Keys (issue 42): one cheap call to each service with the keys in use (the
 * environment's, else the saved ones), through the same clients and base URLs the shop uses: Razorpay's
 * GET /v1/payments?count=1, Shiprocket's login, WhatsApp's GET of the phone number id, the mail server's
 * greeting and login. The answer says what the service said, never a key.
 */

export type CheckResult = { ok: boolean; message: string };

class MissingKeys extends Error {}

function need(e: Env, ...names: KeyName[]): string[] {
  const missing = names.filter((n) => !e[n]);
  if (missing.length) throw new MissingKeys(`Save the ${missing.map(keyLabel).join(" and ")} first.`);
  return names.map((n) => e[n]!);
}

const CHECKS: Record<Service, (e: Env) => Promise<string>> = {
  async razorpay(e) {
    const [keyId, keySecret] = need(e, "RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET");
    try {
      await checkRazorpayKeys({ keyId: keyId!, keySecret: keySecret!, apiBase: e.RAZORPAY_API_BASE });
    } catch (err) {
      if (err instanceof RazorpayError && err.status === 401)
        throw new Error("Razorpay refused the keys (401): check the key id and key secret.");
      throw err;
    }
    const mode = keyId!.startsWith("rzp_live_") ? "live" : keyId!.startsWith("rzp_test_") ? "test" : null;
    return `Razorpay accepted the keys${mode ? ` (${mode} mode)` : ""}.`;
  },
  async shiprocket(e) {
    const [email, password] = need(e, "SHIPROCKET_EMAIL", "SHIPROCKET_PASSWORD");
    try {
      await new ShiprocketClient({
        baseUrl: e.SHIPROCKET_BASE_URL,
        email: email!,
        password: password!,
      }).checkLogin();
    } catch (err) {
      if (err instanceof ShiprocketError && (err.status === 400 || err.status === 401 || err.status === 403))
        throw new Error(
          `Shiprocket refused the login (HTTP ${err.status}): check the API user's e-mail and password.`,
        );
      throw err;
    }
    return "Shiprocket accepted the API user's login.";
  },
  async whatsapp(e) {
    const [token, phoneNumberId] = need(e, "WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID");
    let number;
    try {
      number = await fetchPhoneNumber({
        token: token!,
        phoneNumberId: phoneNumberId!,
        apiBase: e.WHATSAPP_API_BASE,
      });
    } catch (err) {
      if (err instanceof WhatsAppError && err.httpStatus === 401)
        throw new Error(`WhatsApp refused the access token: ${err.message}`);
      if (err instanceof WhatsAppError && err.httpStatus === 400)
        throw new Error(`WhatsApp does not know this phone number id: ${err.message}`);
      throw err;
    }
    const which = [number.displayPhoneNumber, number.verifiedName && `(${number.verifiedName})`].filter(
      Boolean,
    );
    return `WhatsApp accepted the keys${which.length ? `: messages go out from ${which.join(" ")}` : ""}.`;
  },
  async smtp(e) {
    const [url] = need(e, "SMTP_URL");
    await verifySmtp(url!);
    return "The mail server accepted the connection and the login.";
  },
};

/** Try a service with the keys in use; the answer in words, without any key in it. */
export async function checkConnection(service: Service): Promise<CheckResult> {
  const e = await freshServiceEnv();
  const keys = keysOf(service)
    .map((n) => e[n])
    .filter((v): v is string => Boolean(v) && v!.length >= 4);
  // Whatever a service or a library put in its message, no key goes back to the page or the log.
  const scrub = (text: string) => keys.reduce((t, k) => t.split(k).join("••••"), text).slice(0, 300);
  let result: CheckResult;
  try {
    result = { ok: true, message: await CHECKS[service](e) };
  } catch (err) {
    const said = err instanceof Error ? err.message : String(err);
    result = { ok: false, message: err instanceof MissingKeys ? said : `Not connected. ${said}` };
  }
  result = { ok: result.ok, message: scrub(result.message) };
  logger.info({ service, ok: result.ok, answer: result.message }, "connection check");
  return result;
}
