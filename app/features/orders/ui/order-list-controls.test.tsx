import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, type Role } from "~/shared/staff-access";
import { OrderFiltersForm } from "./order-list-controls";

/** The order list's search form as a member of `role` sees it inside the admin frame. */
function filtersFormAs(role: Role): string {
  const permissions = PERMISSIONS.filter((p) => can(role, p));
  const Stub = createRoutesStub([
    {
      id: "features/admin-shell/routes/admin-layout",
      path: "/admin",
      Component: Outlet,
      loader: () => ({ permissions }),
      children: [
        {
          path: "purchases",
          Component: () => (
            <OrderFiltersForm
              filters={{ page: 1 }}
              errors={{}}
              raw={{}}
              exportHref="/api/admin/orders.csv?kind=order"
            />
          ),
        },
      ],
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/admin/purchases"]}
      hydrationData={{ loaderData: { "features/admin-shell/routes/admin-layout": { permissions } } }}
    />,
  );
}

describe("Export CSV (issue 42)", () => {
  it("is offered to the roles that may export: the Owner and Accounts", () => {
    for (const role of ["owner", "accounts"] as const) {
      expect(filtersFormAs(role)).toContain("Export CSV");
      expect(filtersFormAs(role)).toContain('href="/api/admin/orders.csv?kind=order"');
    }
  });

  it("is not offered to a role the export would refuse (403): Operations", () => {
    const html = filtersFormAs("operations");
    expect(html).toContain("Search");
    expect(html).not.toContain("Export CSV");
    expect(html).not.toContain("orders.csv");
  });
});
