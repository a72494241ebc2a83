import { useState } from "react";
import { Form, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";
import { formatIstDateTime } from "~/shared/ist-dates";
import type { PasskeyAddAnswer } from "~/platform/auth/passkeys.server";
import type { PasskeyRow } from "~/features/staff/security.server";

/** My Security's passkeys: the list, and "Add a passkey" (the WebAuthn library is fetched on the click). */
export function PasskeyList({ passkeys }: { passkeys: PasskeyRow[] }) {
  const [name, setName] = useState("My passkey");
  const [note, setNote] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const add = async () => {
    setNote(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const post = (body: unknown) =>
        fetch("/api/admin/passkeys", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<PasskeyAddAnswer>);
      const start = await post({ step: "options" });
      // The second factor is older than 5 minutes: prove it, then come back here.
      if (start.stepUp) return void navigate(start.stepUp);
      if (!start.ok || !start.options) throw new Error(start.message ?? "Passkeys are not available.");
      const response = await startRegistration({ optionsJSON: start.options });
      const done = await post({ step: "register", response, sealed: start.sealed, name });
      setNote(done.message ?? (done.ok ? "Passkey added." : "The passkey could not be added."));
      await revalidator.revalidate();
    } catch (e) {
      setNote(e instanceof Error && e.name !== "NotAllowedError" ? e.message : "No passkey was added.");
    }
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Passkeys</h2>
        <p className="text-sm text-muted-foreground">
          Sign in with your phone's or computer's screen lock instead of a password and a code.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {passkeys.length === 0 ? <p>No passkeys yet.</p> : null}
        <ul className="grid gap-2">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <span>
                <span className="font-medium">{p.name}</span> · added {formatIstDateTime(p.createdAt)}
                {p.lastUsedAt ? ` · last used ${formatIstDateTime(p.lastUsedAt)}` : ""}
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={p.id} />
                <Button type="submit" name="intent" value="remove-passkey" variant="outline" size="sm">
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 font-medium">
            Name of the new passkey
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} className="w-56" />
          </label>
          <Button type="button" variant="outline" onClick={() => void add()}>
            Add a passkey
          </Button>
        </div>
        {note ? <p role="status">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
