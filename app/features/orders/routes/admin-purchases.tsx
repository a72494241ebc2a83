import type { ReactNode } from "react";
import { orderPageRoute } from "~/features/orders/ui/order-admin-page";
import { PURCHASES_VIEW } from "~/features/orders/ui/purchase-views";
import { loadOrderListPage, orderPageAction } from "./admin-order-pages.server";
import type { Route } from "./+types/admin-purchases";

/** Purchase Details: the regular orders (the page is shared with Custom Neon Orders, by kind). */
const page = orderPageRoute(PURCHASES_VIEW);

export const { meta, ErrorBoundary } = page;
export const loader = ({ request }: Route.LoaderArgs) => loadOrderListPage(request, "order");
export const action = orderPageAction("order");
export default page.Page satisfies (props: Route.ComponentProps) => ReactNode;
