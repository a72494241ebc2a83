import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { OrderAdminPage, OrderAdminPageError } from "~/features/orders/ui/order-admin-page";
import { requireAdmin } from "~/platform/auth/auth.server";
import { handleOrderAction, loadOrderListPage } from "./admin-order-pages.server";
import type { Route } from "./+types/admin-purchases";

/** Purchase Details: the regular orders (the page is shared with Custom Neon Orders, by kind). */
const KIND = "order";

export const meta: Route.MetaFunction = () => adminMeta("Purchase Details");
export const headers: Route.HeadersFunction = () => adminHeaders();

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOrderListPage(request, KIND);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleOrderAction(request, KIND, admin);
}

export default function AdminPurchases({ loaderData }: Route.ComponentProps) {
  return <OrderAdminPage kind={KIND} data={loaderData} />;
}

export function ErrorBoundary() {
  return <OrderAdminPageError kind={KIND} />;
}
