import { homeOf } from "~/features/admin-shell/admin-nav";
import { z } from "~/shared/zod";
import { okAnswer } from "~/shared/form-answer";
import {
  hashToken,
  requireSameOrigin,
  sessionByIdHash,
  signInGrantCookie,
} from "~/platform/auth/auth.server";
import { finishSignIn, signInOptions, type PasskeySignInAnswer } from "~/platform/auth/passkeys.server";
import { markVerified, startSession } from "~/platform/auth/sign-in-stage.server";
import { jsonOk, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
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
    invalid: () => jsonRefusal(400, "Not a passkey request."),
  },
  async (input, { request, clientNetwork }) => {
    requireSameOrigin(request);
    if (input.step === "options") return jsonOk(await signInOptions(request));
    const proved = await finishSignIn(request, { response: input.response as never, sealed: input.sealed });
    const refused = () => jsonRefusal(401, "That passkey was not accepted.");
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
    const signedIn: PasskeySignInAnswer = { ...okAnswer(), to: homeOf(state.session.user.role) };
    return new Response(JSON.stringify(signedIn), { headers });
  },
);

export function loader() {
  return methodNotAllowed();
}
