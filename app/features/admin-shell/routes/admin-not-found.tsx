import { data, Link } from "react-router";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-not-found";

export const meta: Route.MetaFunction = () => adminMeta("Page not found");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "self");
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-3xl font-bold">404</h1>
      <p className="text-muted-foreground">Oops! Page not found</p>
      <Link to="/admin" className="text-primary underline underline-offset-4">
        Back to the dashboard
      </Link>
    </div>
  );
}
