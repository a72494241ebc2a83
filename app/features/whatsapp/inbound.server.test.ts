import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { buttonReplies, validWebhookSignature } from "./inbound.server";

const SECRET = "a-meta-app-secret-for-tests-0123";
const sign = (body: string, secret = SECRET) =>
  `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;

describe("WhatsApp inbound webhook", () => {
  it("accepts only the app secret's signature of exactly these bytes", () => {
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    expect(validWebhookSignature(body, sign(body), SECRET)).toBe(true);
    expect(validWebhookSignature(body, sign(body).toUpperCase().replace("SHA256", "sha256"), SECRET)).toBe(
      true,
    );
    expect(validWebhookSignature(`${body} `, sign(body), SECRET)).toBe(false);
    expect(validWebhookSignature(body, sign(body, "another-secret-entirely-000"), SECRET)).toBe(false);
    for (const h of [null, "", "sha256=", "sha1=abc", sign(body).slice(0, -2)])
      expect(validWebhookSignature(body, h, SECRET)).toBe(false);
  });

  it("reads button taps (template quick replies and interactive replies) and nothing else", () => {
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                messages: [
                  {
                    from: "919800000000",
                    id: "wamid.1",
                    type: "button",
                    button: { payload: "cod-confirm:x", text: "Confirm" },
                  },
                  { from: "919800000001", id: "wamid.2", type: "text", text: { body: "hello" } },
                  {
                    from: "919800000002",
                    id: "wamid.3",
                    type: "interactive",
                    interactive: { button_reply: { id: "cod-cancel:y" } },
                  },
                ],
                statuses: [{ id: "wamid.0", status: "read" }],
              },
            },
          ],
        },
      ],
    });
    expect(buttonReplies(body)).toEqual([
      { from: "919800000000", messageId: "wamid.1", payload: "cod-confirm:x" },
      { from: "919800000002", messageId: "wamid.3", payload: "cod-cancel:y" },
    ]);
    expect(buttonReplies("not json")).toBeNull();
    expect(buttonReplies('{"entry":"nope"}')).toBeNull();
    expect(buttonReplies('{"object":"page","entry":[]}')).toEqual([]);
  });
});
