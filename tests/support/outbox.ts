/**
 * The plain-text body of an .eml file from the outbox (nodemailer's MIME: quoted-printable or base64), so
 * tests can read what the shopper reads, ₹ signs included.
 */
export function emlText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^Content-Type: text\/plain/im.test(p)) ?? raw;
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
