import crypto from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { eq, sql } from "drizzle-orm";
import type { FormAnswer } from "~/shared/form-answer";
import { db } from "~/platform/db/client.server";
import { adminPasskeys, adminUsers } from "~/platform/db/tables.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { openSecret, sealSecret } from "./secret-box.server";

/*
 * Staff passkeys (WebAuthn, issue 31) through @simplewebauthn/server. The relying party is the host the
 * staff member's browser addressed (the shop's public URL in production): rpID is its host name and the
 * expected origin its origin. A ceremony's challenge travels sealed (AES-GCM, secret-box.server.ts) with
 * who it is for and when it ends (5 minutes), so no server state is kept between the two requests.
 */

const CHALLENGE_MS = 5 * 60 * 1000;

/**
 * What POST /api/admin/passkeys answers (the one answer shape, decision 058): the options and the sealed
 * ceremony, then "Passkey added."; a refusal's sentence, or where to prove the second factor again.
 */
export type PasskeyAddAnswer = FormAnswer &
  Partial<Awaited<ReturnType<typeof registrationOptions>>> & { stepUp?: string };

/** What POST /api/passkey-sign-in answers: the options and the sealed ceremony, then where to go. */
export type PasskeySignInAnswer = FormAnswer &
  Partial<Awaited<ReturnType<typeof signInOptions>>> & { to?: string };

export function relyingParty(request: Request): { rpID: string; origin: string; rpName: string } {
  const url = new URL(request.url);
  return { rpID: url.hostname, origin: url.origin, rpName: `${env().STORE_NAME} admin` };
}

type Ceremony = { kind: "register" | "sign-in"; challenge: string; userId: string | null; until: number };

function sealCeremony(c: Ceremony): string {
  return sealSecret(JSON.stringify(c));
}

function openCeremony(sealed: string, kind: Ceremony["kind"], now = Date.now()): Ceremony | null {
  const opened = openSecret(sealed);
  if (!opened) return null;
  try {
    const c = JSON.parse(opened) as Ceremony;
    return c.kind === kind && c.until > now ? c : null;
  } catch {
    return null;
  }
}

/** Options for adding a passkey to a signed-in member's account, and the sealed ceremony to send back. */
export async function registrationOptions(request: Request, user: { id: string; email: string }) {
  const rp = relyingParty(request);
  const [row] = await db()
    .select({ handle: adminUsers.webauthnUserId })
    .from(adminUsers)
    .where(eq(adminUsers.id, user.id));
  let handle = row?.handle;
  if (!handle) {
    handle = crypto.randomBytes(32).toString("base64url");
    await db().update(adminUsers).set({ webauthnUserId: handle }).where(eq(adminUsers.id, user.id));
  }
  const existing = await db()
    .select({ id: adminPasskeys.id, transports: adminPasskeys.transports })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userID: Buffer.from(handle, "base64url"),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const sealed = sealCeremony({
    kind: "register",
    challenge: options.challenge,
    userId: user.id,
    until: Date.now() + CHALLENGE_MS,
  });
  return { options, sealed };
}

/** Check the browser's answer and keep the new passkey. */
export async function finishRegistration(
  request: Request,
  user: { id: string },
  input: { response: RegistrationResponseJSON; sealed: string; name: string },
): Promise<boolean> {
  const c = openCeremony(input.sealed, "register");
  if (!c || c.userId !== user.id) return false;
  const rp = relyingParty(request);
  try {
    const v = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: c.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
    });
    if (!v.verified || !v.registrationInfo) return false;
    const { credential } = v.registrationInfo;
    await db()
      .insert(adminPasskeys)
      .values({
        id: credential.id,
        userId: user.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      });
    return true;
  } catch (err) {
    logger.info({ err: (err as Error).message }, "passkey registration refused");
    return false;
  }
}

/** Options for signing in with a passkey (any of the shop's: the browser offers the ones it has). */
export async function signInOptions(request: Request) {
  const rp = relyingParty(request);
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "required" });
  return {
    options,
    sealed: sealCeremony({
      kind: "sign-in",
      challenge: options.challenge,
      userId: null,
      until: Date.now() + CHALLENGE_MS,
    }),
  };
}

/** The member a passkey assertion proves (and its counter moved on), or null. */
export async function finishSignIn(
  request: Request,
  input: { response: AuthenticationResponseJSON; sealed: string },
): Promise<{ userId: string } | null> {
  const c = openCeremony(input.sealed, "sign-in");
  if (!c) return null;
  const [key] = await db().select().from(adminPasskeys).where(eq(adminPasskeys.id, input.response.id));
  if (!key) return null;
  const rp = relyingParty(request);
  try {
    const v = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: c.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransport[],
      },
    });
    if (!v.verified) return null;
    // The counter only moves forward (a cloned authenticator shows an old one); 0 means it keeps none.
    const moved = await db()
      .update(adminPasskeys)
      .set({ counter: v.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
      .where(
        sql`${adminPasskeys.id} = ${key.id} and (${adminPasskeys.counter} = 0 or ${adminPasskeys.counter} < ${v.authenticationInfo.newCounter})`,
      )
      .returning({ id: adminPasskeys.id });
    if (moved.length !== 1) return null;
    return { userId: key.userId };
  } catch (err) {
    logger.info({ err: (err as Error).message }, "passkey sign-in refused");
    return null;
  }
}
