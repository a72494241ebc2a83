import crypto from "node:crypto";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { emailText, type EmailContent } from "~/shared/email-content";
import { env } from "./env.server";
import { serviceEnv } from "./service-keys.server";
import { platformPorts } from "~/platform/ports.server";
import { renderEmailHtml } from "./mail/branded-email.server";
import { writeFileOnce } from "./paths.server";

export type Mail = {
  to: string;
  subject: string;
  /** What the mail says: drawn in the shop's one branded template, with its plain-text part (decision 037). */
  content: EmailContent;
  replyTo?: string;
  /** Files sent with the mail (a credit note's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The order event this mail tells about (e.g. `order-confirmation:{checkoutId}`): its Message-ID is
   * derived from it, so a mail server or client that sees it twice can drop the copy, and the outbox
   * writes it at most once.
   */
  dedupeKey?: string;
  /** Extra headers (e.g. List-Unsubscribe and List-Unsubscribe-Post of RFC 8058 on cart reminders). */
  headers?: Record<string, string>;
};

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
let fileWriter: Transporter | undefined;

export function outboxDir(): string {
  return path.join(env().DATA_DIR, "outbox");
}

/**
 * The sender (issue 42): MAIL_FROM when set (a fixed sender the mail server may send as; replies then go to the
 * store's e-mail, see replyTo below), else the store's name and e-mail as saved in the admin's settings.
 */
function sender(): { from: string; store: string } {
  const e = env();
  const s = platformPorts().mailSender?.();
  const name = (s?.name || e.STORE_NAME).replace(/["\r\n]/g, "");
  const store = s?.email || e.STORE_EMAIL;
  return { from: e.MAIL_FROM ?? `"${name}" <${store}>`, store };
}

/**
 * Send one e-mail: over SMTP when SMTP_URL is set, otherwise written as an .eml file to
 * DATA_DIR/outbox (so mail can be seen in development). Throws on failure.
 */
export async function sendMail(mail: Mail): Promise<{ via: "smtp" | "file"; file?: string }> {
  // SMTP_URL from the environment, or saved in Settings > Keys (service-keys.server.ts).
  const e = serviceEnv();
  const who = sender();
  const message = {
    from: who.from,
    to: mail.to,
    // A fixed sender (MAIL_FROM) cannot take the shop's replies: they go to the store's e-mail.
    replyTo: mail.replyTo ?? (e.MAIL_FROM ? who.store : undefined),
    subject: mail.subject,
    text: emailText(mail.content),
    html: await renderEmailHtml(mail.content),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
    ...(mail.dedupeKey ? { messageId: messageIdFor(mail.dedupeKey) } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
  if (e.SMTP_URL) {
    if (!smtp || smtpUrl !== e.SMTP_URL) {
      // Bounded waits: a job that hangs on a dead server would outlive its queue timeout and be retried.
      smtp = nodemailer.createTransport({
        url: e.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      smtpUrl = e.SMTP_URL;
    }
    await smtp.sendMail(message);
    return { via: "smtp" };
  }
  fileWriter ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = (await fileWriter.sendMail(message)) as { message: Buffer };
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const name = mail.dedupeKey
    ? `${mail.dedupeKey.replace(/[^A-Za-z0-9-]+/g, "-")}.eml`
    : `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`;
  const file = path.join(outboxDir(), name);
  // A keyed mail already in the outbox is not written twice.
  await writeFileOnce(file, info.message);
  return { via: "file", file };
}

/**
 * Settings > Keys' "Check connection": connect to the SMTP server of `url`, greet it and log in (nodemailer's
 * verify), then hang up. Throws nodemailer's error when it cannot.
 */
export async function verifySmtp(url: string): Promise<void> {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

function messageIdFor(dedupeKey: string): string {
  const domain = /@([^>\s]+)/.exec(sender().from)?.[1] ?? "localhost";
  return `<${crypto.createHash("sha256").update(dedupeKey).digest("hex").slice(0, 32)}@${domain}>`;
}
