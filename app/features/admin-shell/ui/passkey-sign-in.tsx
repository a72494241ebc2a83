import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "~/ui/button";
import type { PasskeySignInAnswer } from "~/platform/auth/passkeys.server";

/**
 * "Sign in with a passkey": the WebAuthn browser library is fetched only when the button is pressed (the
 * login page ships none of it). Hidden where the browser has no WebAuthn.
 */
export function PasskeySignIn() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = typeof window !== "undefined" && "PublicKeyCredential" in window;
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const post = (body: unknown) =>
        fetch("/api/passkey-sign-in", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<PasskeySignInAnswer>);
      const start = await post({ step: "options" });
      if (!start.ok || !start.options) throw new Error(start.message ?? "Passkeys are not available.");
      const response = await startAuthentication({ optionsJSON: start.options });
      const done = await post({ step: "verify", response, sealed: start.sealed });
      if (!done.ok || !done.to) throw new Error(done.message ?? "That passkey was not accepted.");
      window.location.assign(done.to);
    } catch (e) {
      setError(e instanceof Error && e.name !== "NotAllowedError" ? e.message : "No passkey was used.");
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2" hidden={!supported}>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={() => void signIn()}
        disabled={busy}
      >
        <KeyRound aria-hidden="true" />
        Sign in with a passkey
      </Button>
      {error ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
