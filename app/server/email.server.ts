import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
let fileWriter: Transporter | undefined;

export function outboxDir(): string {
  return path.join(env().DATA_DIR, "outbox");
}

function from(): string {
  const e = env();
  return e.MAIL_FROM ?? `"${e.STORE_NAME.replace(/"/g, "")}" <${e.STORE_EMAIL}>`;
}

/**
 * Send one e-mail: over SMTP when SMTP_URL is set, otherwise written as an .eml file to
 * DATA_DIR/outbox (so mail can be seen in development). Throws on failure.
 */
export async function sendMail(mail: Mail): Promise<{ via: "smtp" | "file"; file?: string }> {
  const e = env();
  const message = {
    from: from(),
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
  if (e.SMTP_URL) {
    if (!smtp || smtpUrl !== e.SMTP_URL) {
      smtp = nodemailer.createTransport(e.SMTP_URL);
      smtpUrl = e.SMTP_URL;
    }
    await smtp.sendMail(message);
    return { via: "smtp" };
  }
  fileWriter ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = (await fileWriter.sendMail(message)) as { message: Buffer };
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(`${file}.tmp`, info.message);
  await fs.rename(`${file}.tmp`, file);
  return { via: "file", file };
}
