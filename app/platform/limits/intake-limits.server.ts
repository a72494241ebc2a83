import { mailboxKey } from "~/shared/mail-safety";
import { INTAKE_FULL_MESSAGE, tooManyFromContactMessage } from "~/shared/rate-limits";
import { logger } from "~/platform/logger.server";
import { tryConsume } from "./rate-limit.server";

/*
 * Intake that stores a shopper's upload or gives staff work (logo quotes, complaints; reviews later) is limited three ways: per client network (each route's own limit), per contact (the phone and
 * the mailbox it names: a stranger rotating networks still has to invent contacts, and cannot flood one
 * person's inbox), and by the bytes stored per day per kind in all (INTAKE_MB_PER_DAY), so a flood cannot
 * fill the disk. Decision: docs/decisions/027-limits-by-network.md.
 */

export type IntakeKind = "logo-quote" | "complaint";

export type IntakeOutcome = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

/** Count one request of `kind` against its contacts and its bytes; refuse with a clear message when over. */
export async function takeIntake(
  kind: IntakeKind,
  request: { contacts: string[]; bytes: number },
): Promise<IntakeOutcome> {
  const keys = [
    ...new Set(request.contacts.filter(Boolean).map((c) => (c.includes("@") ? mailboxKey(c) : c))),
  ];
  for (const contact of keys) {
    const counted = await tryConsume("intakePerContact", `${kind}|${contact}`);
    if (!counted.ok)
      return {
        ok: false,
        message: tooManyFromContactMessage(counted.retryAfterSeconds),
        retryAfterSeconds: counted.retryAfterSeconds,
      };
  }
  if (request.bytes > 0) {
    const counted = await tryConsume("intakeBytesPerDay", kind, request.bytes);
    if (!counted.ok) {
      logger.warn({ kind, bytes: request.bytes }, "intake refused: the day's upload budget is used");
      return { ok: false, message: INTAKE_FULL_MESSAGE, retryAfterSeconds: counted.retryAfterSeconds };
    }
  }
  return { ok: true };
}
