import { AlertCircle, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "~/ui/card";

/** The frame of the sign-in steps outside the admin (code, set-up, invitation): the login page's look. */
export function AuthCard({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#1a0b1f] via-background to-[#0b1420] p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/15">
            <ShieldCheck className="size-6 text-primary" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {intro ? <div className="text-sm text-muted-foreground">{intro}</div> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {error ? <ErrorBanner message={error} /> : null}
          {children}
        </CardContent>
      </Card>
    </main>
  );
}

export function ErrorBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/60 bg-destructive/15 p-3 text-sm"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

/** Ten backup codes, shown once, in a grid that copies and prints well. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        Keep these backup codes somewhere safe (printed, or in a password manager). Each works once, instead
        of a code from your phone. They are not shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
