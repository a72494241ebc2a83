import fs from "node:fs";
import path from "node:path";

/**
 * The shop's outbox, DATA_DIR/outbox: without SMTP_URL every mail is written there as an .eml file, and
 * without a WhatsApp API every WhatsApp message as a .json file, named by its dedupe key. The one way tests
 * read it (integration tests pass their test database's dataDir, browser tests the shop's).
 */
export function outbox(dataDir: string) {
  const dir = path.join(dataDir, "outbox");
  const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
  /** The file names, sorted: those starting with `prefix` and ending with `ext`. */
  const files = (prefix = "", ext = "") =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.startsWith(prefix) && f.endsWith(ext))
          .sort()
      : [];
  /** The mails (.eml) whose file names start with `prefix`, as written (headers and MIME). */
  const rawMails = (prefix = "") => files(prefix, ".eml").map(read);
  return {
    dir,
    files,
    read,
    rawMails,
    /** What the recipients read: the plain-text bodies of those mails. */
    mails: (prefix = "") => rawMails(prefix).map(emlText),
    /**
     * The first link to one of the shop's private pages (`/orders/<token>`, `/quotes/<token>`) in a mail
     * whose file name starts with `prefix` and which mentions `mention`; "" while there is none.
     */
    link: (page: "orders" | "quotes", o: { prefix?: string; mention: string }) => {
      for (const raw of rawMails(o.prefix)) {
        const text = raw.replace(/=\r?\n/g, ""); // quoted-printable soft line breaks
        const link = new RegExp(`https?://[^\\s"<>]+/${page}/[0-9a-f]{64}`).exec(text)?.[0];
        if (link && text.includes(o.mention)) return link;
      }
      return "";
    },
    /** The WhatsApp messages (.json) whose file names start with `prefix`, parsed. */
    messages: (prefix = "") => files(prefix, ".json").map((f) => JSON.parse(read(f)) as unknown),
    /** Empty it (the next mail makes it again). */
    clear: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The plain-text body of an .eml file from the outbox (nodemailer's MIME: quoted-printable or base64), so
 * tests can read what the shopper reads, ₹ signs included.
 */
export function emlText(raw: string): string {
  return emlPart(raw, "plain");
}

/** A part of an .eml file (its text/plain or text/html body), decoded as emlText() does. */
export function emlPart(raw: string, type: "plain" | "html"): string {
  // Split at the message's own boundaries (a line of HTML may begin with "--" too: "<!--head-->" cut by QP).
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) =>
    m[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  const parts = raw.split(
    boundaries.length > 0
      ? new RegExp(`\\r?\\n--(?:${boundaries.join("|")})(?:--)?\\r?\\n`)
      : /\r?\n--[^\r\n]+\r?\n/,
  );
  const part = parts.find((p) => new RegExp(`^Content-Type: text/${type}`, "im").test(p)) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part
    .slice(split)
    .replace(/^\r?\n\r?\n/, "")
    .replace(/\r?\n--[^\r\n]*--\s*$/, "");
  if (/^Content-Transfer-Encoding: base64/im.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) {
    const joined = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n");
  }
  return body.replace(/\r\n/g, "\n");
}
