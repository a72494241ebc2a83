import { describe, expect, it } from "vitest";
import { escapeHtml, inertHtml, inertText, mailboxKey } from "./mail-safety";

/** What common autolinkers look for: a scheme, www., an email, or a domain with a known-looking ending. */
const autolinkable = /(https?:\/\/|www\.|[\w.+-]+@[\w-]+\.\w|[\w-]+\.(com|in|net|org|io|ly|xyz|example)\b)/i;

describe("inertText", () => {
  it("leaves ordinary names, addresses and sign text alone", () => {
    for (const s of [
      "Asha Verma",
      "12 M.G. Road, Sector 5",
      "Good Vibes Only",
      "Flat 3B, Near St. Mary's",
      "बैंगलोर",
    ])
      expect(inertText(s)).toBe(s);
  });

  it("makes links, domains and emails unclickable while they still read the same", () => {
    for (const s of [
      "Visit http://evil.example/win now",
      "https://bit.ly/x",
      "www.evil.com",
      "evil.com",
      "Call me: contact@evil.example",
      "HTTP://EVIL.EXAMPLE",
      "javascript://evil.example%0aalert(1)",
    ]) {
      const out = inertText(s);
      expect(out, s).not.toMatch(autolinkable);
      expect(
        out
          .replace(/\u2024/g, ".")
          .replace(/\uFF20/g, "@")
          .replace(/\u2060/g, ""),
      ).toBe(s);
    }
  });

  it("escapes HTML after making it inert", () => {
    expect(inertHtml('<a href="http://x.example">x</a>')).toBe(
      "&lt;a href=&quot;http:\u2060/\u2060/x\u2024example&quot;&gt;x&lt;/a&gt;",
    );
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});

describe("mailboxKey", () => {
  it("counts one mailbox however the address is spelled", () => {
    expect(mailboxKey("Asha.Verma+orders@Gmail.com")).toBe("ashaverma@gmail.com");
    expect(mailboxKey("ashaverma@googlemail.com")).toBe("ashaverma@gmail.com");
    expect(mailboxKey("a.b+x@example.in")).toBe("a.b@example.in");
  });
});
