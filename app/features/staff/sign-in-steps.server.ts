import QRCode from "qrcode";
import { data, redirect } from "react-router";
import { homeOf } from "~/features/admin-shell/admin-nav";
import { failedAnswer, type FormAnswer } from "~/shared/form-answer";
import {
  deviceToken,
  getSession,
  requireSameOrigin,
  signInGrantCookie,
  type AdminUser,
} from "~/platform/auth/auth.server";
import { enableTotp, newTotpSecret } from "~/platform/auth/second-factor.server";
import { markDeviceProved } from "~/platform/auth/login-throttle.server";
import { openSecret, sealSecret } from "~/platform/auth/secret-box.server";
import { checkSecondFactor, markVerified } from "~/platform/auth/sign-in-stage.server";
import { requireFreshSecondFactor } from "~/platform/auth/step-up.server";
import { recordAudit } from "~/platform/audit.server";

/*
 * The sign-in steps after the password (issue 31): the code page (/admin/login/code) and setting up an
 * authenticator (/admin/enrol), for a session whose password was right but whose sign-in is unfinished,
 * or (set-up only) a signed-in member adding an authenticator from My Security.
 */

type StepSession = { idHash: string; user: AdminUser; pending: boolean };

/** The session of a sign-in step page: pending at `stage`, or (when `fullToo`) a finished sign-in. */
export async function stepSession(
  request: Request,
  stage: "second_factor" | "enrol",
  fullToo = false,
): Promise<StepSession> {
  requireSameOrigin(request);
  const state = await getSession(request);
  if (state.status === "pending" && state.session.stage === stage)
    return { idHash: state.session.idHash, user: state.session.user, pending: true };
  if (state.status === "admin") {
    if (!fullToo) throw redirect("/admin");
    // A signed-in member replacing their authenticator proves the current second factor first (step-up):
    // a stolen session must not swap in the thief's authenticator.
    requireFreshSecondFactor(request, state.session);
    return { idHash: state.session.idHash, user: state.session.user, pending: false };
  }
  throw redirect("/admin/login");
}

/** The way into the admin after a finished sign-in: a fresh tab grant (admin-tab-session.ts). */
export function enterAdmin(request: Request, user: AdminUser): never {
  throw redirect(homeOf(user.role), { headers: { "Set-Cookie": signInGrantCookie(request) } });
}

/** Check the code of a pending sign-in; on success the session is full and the member goes in. */
export async function signInCode(request: Request, session: StepSession, code: string, network: string) {
  const check = await checkSecondFactor(request, session, code, network);
  if (!check.ok)
    return data<FormAnswer>(failedAnswer(check.error, { code: check.error }), { status: check.status });
  await markVerified(session.idHash, session.user.id, true);
  await markDeviceProved(session.user.id, deviceToken(request));
  enterAdmin(request, session.user);
}

/** A new authenticator secret to show (QR code and text), sealed for the form that proves it. */
export async function enrolChallenge(user: AdminUser) {
  const { secret, uri } = newTotpSecret(user.email);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, qrSvg, sealed: sealSecret(`${user.id}:${secret}`) };
}

/** The set-up's answer: the backup codes to show once; `signingIn`: the next step is into the admin. */
export type EnrolAnswer = FormAnswer & { backupCodes?: string[]; signingIn?: boolean };

/** Prove the first code of the new authenticator: it is turned on, the backup codes shown once. */
export async function finishEnrol(
  request: Request,
  session: StepSession,
  input: { code: string; sealed: string },
  ip: string,
) {
  const opened = openSecret(input.sealed);
  const [forUser, secret] = opened?.split(":") ?? [];
  if (!secret || forUser !== session.user.id)
    return data<EnrolAnswer>(failedAnswer("Reload the page and scan the new code."), { status: 400 });
  const r = await enableTotp(session.user.id, secret, input.code);
  if (!r.ok) {
    const message = "That code is not right. Check the phone's time and enter the newest code.";
    return data<EnrolAnswer>(failedAnswer(message, { code: message }), { status: 400 });
  }
  // Only a sign-in is finished by it: from a signed-in session the step-up clock is left as it was (a new
  // authenticator proves the new phone, not the member).
  if (session.pending) {
    await markVerified(session.idHash, session.user.id, true);
    await markDeviceProved(session.user.id, deviceToken(request));
  }
  await recordAudit({
    actor: session.user,
    ip,
    kind: "staff",
    action: "authenticator-added",
    subject: session.user.email,
  });
  return data<EnrolAnswer>({ ok: true, backupCodes: r.backupCodes, signingIn: session.pending });
}
