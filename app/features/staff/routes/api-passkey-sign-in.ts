import { homeOf } from "~/features/admin-shell/staff-roles";
import { z } from "~/shared/zod";
import {
  hashToken,
  requireSameOrigin,
  sessionByIdHash,
  signInGrantCookie,
} from "~/platform/auth/auth.server";
import { finishSignIn, signInOptions } from "~/platform/auth/passkeys.server";
import { markVerified, startSession } from "~/platform/auth/sign-in-stage.server";
import { json, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/api-passkey-sign-in";

const schema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    sealed: z.string().max(2_000),
    response: z.looseObject({ id: z.string().max(1_000), type: z.literal("public-key") }),
  }),
]);

/**
 * POST /api/passkey-sign-in: sign in with a passkey instead of a password and a code (the passkey proves
 * both: something held, and the device's own PIN or fingerprint). Public, rate-limited per network; same-
 * origin only. A disabled member's passkey opens nothing.
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "passkeySignInPerClient",
    maxBytes: 16_384,
    schema,
    invalid: () => json({ ok: false, message: "Not a passkey request." }, 400),
  },
  async (input, { request, clientNetwork }) => {
    requireSameOrigin(request);
    if (input.step === "options") return json({ ok: true, ...(await signInOptions(request)) });
    const proved = await finishSignIn(request, { response: input.response as never, sealed: input.sealed });
    const refused = () => json({ ok: false, message: "That passkey was not accepted." }, 401);
    if (!proved) return refused();
    const cookie = await startSession(request, proved.userId, "full", clientNetwork);
    const token = cookie.split(";")[0]!.split("=")[1]!;
    const state = await sessionByIdHash(hashToken(token));
    if (state.status !== "admin") return refused();
    await markVerified(state.session.idHash, proved.userId, true);
    logger.info({ userId: proved.userId, network: clientNetwork }, "admin signed in with a passkey");
    const headers = new Headers([
      ["Set-Cookie", cookie],
      ["Set-Cookie", signInGrantCookie(request)],
      ["Content-Type", "application/json"],
      ["Cache-Control", "no-store"],
    ]);
    return new Response(JSON.stringify({ ok: true, to: homeOf(state.session.user.role) }), { headers });
  },
);

export function loader() {
  return methodNotAllowed();
}
