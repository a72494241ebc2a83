import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { envError as refusal } from "../../../tests/support/env-error";

const base = { DATA_DIR: "/tmp/neon-env-test" };
const TOKEN = "EAAGm0PX4ZCpsBAFakeTokenValue1234567890";

const envError = (vars: Record<string, string>) => refusal({ ...base, ...vars });

describe("WhatsApp settings in the environment", () => {
  it("is off by default, with the Graph API's address as the base", () => {
    const e = parseEnv(base);
    expect(e.WHATSAPP_TOKEN).toBeUndefined();
    expect(e.WHATSAPP_PHONE_NUMBER_ID).toBeUndefined();
    expect(e.WHATSAPP_API_BASE).toBe("https://graph.facebook.com/v21.0");
  });

  it("takes the token, the phone number id and another API base (trailing slash dropped)", () => {
    const e = parseEnv({
      ...base,
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: "109876543210987",
      WHATSAPP_API_BASE: "https://graph.facebook.com/v22.0/",
    });
    expect(e.WHATSAPP_PHONE_NUMBER_ID).toBe("109876543210987");
    expect(e.WHATSAPP_API_BASE).toBe("https://graph.facebook.com/v22.0");
  });

  it("refuses half a configuration with a message naming the missing variable", () => {
    expect(envError({ WHATSAPP_TOKEN: TOKEN })).toMatch(
      /WHATSAPP_PHONE_NUMBER_ID: must be set with WHATSAPP_TOKEN/,
    );
    expect(envError({ WHATSAPP_PHONE_NUMBER_ID: "109876543210987" })).toMatch(
      /WHATSAPP_TOKEN: must be set with WHATSAPP_PHONE_NUMBER_ID/,
    );
  });

  it("refuses bad values without repeating the token", () => {
    expect(envError({ WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: "abc" })).toMatch(
      /WHATSAPP_PHONE_NUMBER_ID: must be the phone number ID/,
    );
    expect(envError({ WHATSAPP_API_BASE: "ftp://example.com" })).toMatch(
      /WHATSAPP_API_BASE: must be an http\(s\) URL/,
    );
    const bad = envError({ WHATSAPP_TOKEN: "short token!", WHATSAPP_PHONE_NUMBER_ID: "109876543210987" });
    expect(bad).toMatch(/WHATSAPP_TOKEN: must be a WhatsApp Business access token/);
    expect(bad).not.toContain("short token!");
  });
});
