import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What WhatsApp's Cloud API posts to the shop's webhook when a shopper taps a template's quick-reply button:
 * the raw JSON body and its X-Hub-Signature-256 (HMAC-SHA256 of the body with the app secret).
 */
export function signedButtonReply(o: {
  appSecret: string;
  phoneNumberId: string;
  from: string;
  payload: string;
  text?: string;
  messageId?: string;
}) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: o.phoneNumberId },
              contacts: [{ profile: { name: "Shopper" }, wa_id: o.from }],
              messages: [
                {
                  context: {
                    from: "15550783881",
                    id: `wamid.${crypto.randomBytes(12).toString("base64url")}`,
                  },
                  from: o.from,
                  id: o.messageId ?? `wamid.${crypto.randomBytes(12).toString("base64url")}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "button",
                  button: { payload: o.payload, text: o.text ?? "Confirm" },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${crypto.createHmac("sha256", o.appSecret).update(body).digest("hex")}`;
  return { body, signature };
}

export type FakeWhatsAppRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: {
        type?: string;
        sub_type?: string;
        index?: string;
        parameters?: { type?: string; text?: string; payload?: string }[];
      }[];
    };
  };
};

/** An answer the fake gives instead of its own: e.g. a 503, or a 400 with a Cloud API error code. */
export type FakeWhatsAppFailure = { status: number; code?: number; message?: string };

const graphError = (code: number, message: string, details?: string) => ({
  error: {
    message: `(#${code}) ${message}`,
    type: "OAuthException",
    code,
    ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
    fbtrace_id: crypto.randomBytes(8).toString("base64url"),
  },
});

/**
 * A fake WhatsApp Business Cloud API for tests: GET /{version}/{phone-number-id} (the number: the keys'
 * check) and POST /{version}/{phone-number-id}/messages with a Bearer
 * token, checked like the real one (the token, the phone number id, the body's shape, that the template
 * exists with that many body parameters), answering with a wamid or a Graph API error object.
 */
export async function startFakeWhatsApp(opts: {
  token: string;
  phoneNumberId: string;
  /** Approved templates and how many body parameters each takes. */
  templates: Record<string, number>;
}) {
  const accepted: FakeWhatsAppRequest[] = [];
  const state = { requests: 0, failNext: [] as FakeWhatsAppFailure[] };

  const server = http.createServer((req, res) => {
    state.requests++;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      // GET /{version}/{phone-number-id}: the number the keys send from (Settings > Keys' "Check connection").
      const number = /^\/v\d+\.\d+\/([^/?]+)(?:\?.*)?$/.exec(req.url ?? "");
      if (req.method === "GET" && number) {
        if (req.headers.authorization !== `Bearer ${opts.token}`)
          return send(401, graphError(190, "Invalid OAuth access token - Cannot parse access token"));
        if (number[1] !== opts.phoneNumberId)
          return send(
            400,
            graphError(100, "Invalid parameter", "Unsupported get request: no such phone number id"),
          );
        return send(200, {
          id: opts.phoneNumberId,
          display_phone_number: "+91 98765 43210",
          verified_name: "NeonLights",
          quality_rating: "GREEN",
        });
      }
      const m = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url ?? "");
      if (req.method !== "POST" || !m) return send(404, graphError(100, "Unknown path"));
      if (req.headers.authorization !== `Bearer ${opts.token}`) {
        return send(401, graphError(190, "Invalid OAuth access token - Cannot parse access token"));
      }
      if (m[1] !== opts.phoneNumberId) {
        return send(
          400,
          graphError(100, "Invalid parameter", "Unsupported post request: no such phone number id"),
        );
      }
      const failure = state.failNext.shift();
      if (failure) {
        return send(
          failure.status,
          graphError(failure.code ?? 131000, failure.message ?? "Something went wrong"),
        );
      }
      let body: FakeWhatsAppRequest["body"];
      try {
        body = JSON.parse(raw) as FakeWhatsAppRequest["body"];
      } catch {
        return send(400, graphError(100, "Invalid parameter", "body is not JSON"));
      }
      if (body.messaging_product !== "whatsapp" || body.type !== "template") {
        return send(400, graphError(100, "Invalid parameter", "messaging_product or type"));
      }
      if (!/^[1-9][0-9]{7,14}$/.test(body.to ?? "")) {
        return send(400, graphError(131009, "Parameter value is not valid", "to: not a phone number"));
      }
      const name = body.template?.name ?? "";
      const expected = opts.templates[name];
      if (expected === undefined || !body.template?.language?.code) {
        return send(404, graphError(132001, "Template name does not exist in the translation"));
      }
      const params = body.template.components?.find((c) => c.type === "body")?.parameters ?? [];
      if (params.length !== expected || params.some((p) => p.type !== "text" || !p.text)) {
        return send(
          400,
          graphError(132000, "Number of parameters does not match the expected number of params"),
        );
      }
      accepted.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      send(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [
          { id: `wamid.${crypto.randomBytes(12).toString("base64url")}`, message_status: "accepted" },
        ],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** The API base with its version, as WHATSAPP_API_BASE. */
    url: `http://127.0.0.1:${port}/v21.0`,
    /** Every message the fake accepted, in order. */
    accepted,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
