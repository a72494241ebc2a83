import { redirect } from "react-router";
import { logout, requireSameOrigin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/logout";

/** POST /admin/logout ends the session (even without JS) and goes to /admin/login. */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  throw redirect("/admin/login", {
    headers: { "Set-Cookie": await logout(request), "Cache-Control": "no-store" },
  });
}

export function loader() {
  throw redirect("/admin");
}
