import { describe, expect, it } from "vitest";
import { channelNote } from "./order-channel";

describe("channel note", () => {
  it("names the website, or the chat with the pay link's state", () => {
    expect(channelNote({ channel: "website", chatApp: null, payLink: null })).toBe("Website");
    const link = {
      paymentStatus: "pending",
      expiresAt: "2999-01-01T00:00:00Z",
      expiredAt: null,
      soldOutAt: null,
    };
    expect(channelNote({ channel: "chat", chatApp: "instagram", payLink: link })).toBe(
      "Chat (Instagram): Awaiting payment",
    );
    expect(
      channelNote({ channel: "chat", chatApp: "whatsapp", payLink: { ...link, paymentStatus: "paid" } }),
    ).toBe("Chat (WhatsApp): Paid");
    expect(
      channelNote({ channel: "chat", chatApp: "phone", payLink: { ...link, expiredAt: "2026-01-01" } }),
    ).toBe("Chat (Phone): Expired unpaid");
  });
});
