// Linted as app/features/catalog/ui/fixture.tsx: a component may take a server module's types, not its code.
import type { AdminSession } from "~/platform/auth/auth.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import sharp from "sharp";

export function Fixture({ session }: { session: AdminSession }) {
  void requireAdmin;
  void sharp;
  return <p>{session.user.email}</p>;
}
