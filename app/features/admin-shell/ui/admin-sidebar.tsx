import {
  FolderTree,
  Gauge,
  Gift,
  History,
  Image,
  ImagePlus,
  LayoutDashboard,
  MessageSquareText,
  MessageSquareWarning,
  Package,
  PanelLeft,
  MessageCircle,
  Palette,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Star,
  TicketPercent,
  UsersRound,
  Truck,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { NavLink } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/ui/sheet";
import { cn } from "~/ui/utils";
import { ADMIN_NAV } from "~/features/admin-shell/admin-nav";
import { can, type Role } from "~/shared/staff-access";

/** The spec's seven admin links, in its order, then discount codes, offers, the shop settings (PRODUCT.md) and
 * real-user speed and CSP reports (issue 19). */
export const ADMIN_LINKS: ReadonlyArray<{ to: string; label: string; icon: LucideIcon; end?: boolean }> = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/categories", label: "Categories", icon: FolderTree },
  { to: "/admin/products", label: "Products", icon: Package },
  { to: "/admin/bestselling", label: "Bestselling Products", icon: Star },
  { to: "/admin/banners", label: "Banners", icon: Image },
  { to: "/admin/purchases", label: "Purchase Details", icon: ShoppingCart },
  { to: "/admin/custom-neon", label: "Custom Neon Orders", icon: Palette },
  { to: "/admin/orders/new", label: "Chat Orders", icon: MessageCircle },
  { to: "/admin/shipments", label: "Shipments", icon: Truck },
  { to: "/admin/logo-quotes", label: "Logo Quotes", icon: ImagePlus },
  { to: "/admin/reviews", label: "Reviews", icon: MessageSquareText },
  { to: "/admin/complaints", label: "Complaints", icon: MessageSquareWarning },
  { to: "/admin/discount-codes", label: "Discount Codes", icon: TicketPercent },
  { to: "/admin/offers", label: "Offers", icon: Gift },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/vitals", label: "Site Speed", icon: Gauge },
  { to: "/admin/staff", label: "Staff", icon: UsersRound },
  { to: "/admin/audit", label: "Audit Trail", icon: History },
  { to: "/admin/security", label: "My Security", icon: ShieldCheck },
];

/** The links a role may use (each page's permission: staff-roles.ts ADMIN_NAV); the others are not shown. */
export function linksFor(role: Role) {
  return ADMIN_LINKS.filter((l) => {
    const nav = ADMIN_NAV.find((n) => n.to === l.to);
    return nav ? can(role, nav.permission) : role === "owner";
  });
}

/** Cookie that remembers the desktop sidebar state for 7 days (the spec's sidebar-state cookie). */
export const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = "(max-width: 767px)";

export function useSidebar(initialOpen: boolean) {
  const [open, setOpenState] = useState(initialOpen);
  const [mobileOpen, setMobileOpen] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setMobileOpen((o) => !o);
    else setOpen(!open);
  }, [open, setOpen]);

  // Ctrl+B (Cmd+B on a Mac) toggles the sidebar.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return { open, mobileOpen, setMobileOpen, toggle };
}

function AdminNav({
  role,
  collapsed,
  onNavigate,
}: {
  role: Role;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {linksFor(role).map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              cn(
                "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                isActive && "bg-primary/15 text-foreground",
                collapsed && "justify-center px-0",
              )
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <div className={cn("flex h-16 items-center gap-2 border-b px-4", collapsed && "justify-center px-0")}>
      <Zap className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <span className={cn("text-lg font-bold", collapsed && "sr-only")}>Admin Panel</span>
    </div>
  );
}

/** Desktop: a fixed column that collapses to icons. Mobile (under 768 px): a sheet from the left. */
export function AdminSidebar({
  role,
  open,
  mobileOpen,
  setMobileOpen,
}: {
  role: Role;
  open: boolean;
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
}) {
  return (
    <>
      <aside
        data-testid="admin-sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 flex-col border-r bg-card transition-[width] duration-200 md:flex",
          open ? "w-64" : "w-16",
        )}
      >
        <Brand collapsed={!open} />
        <nav aria-label="Admin" className="flex-1 overflow-y-auto p-2">
          <AdminNav role={role} collapsed={!open} />
        </nav>
      </aside>
      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent side="left" className="w-72 p-0 md:hidden">
          <SheetTitle className="sr-only">Admin menu</SheetTitle>
          <SheetDescription className="sr-only">Links to the admin pages</SheetDescription>
          <Brand collapsed={false} />
          <nav aria-label="Admin mobile" className="p-2">
            <AdminNav role={role} collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </nav>
        </SheetContent>
      </Sheet>
    </>
  );
}

export function SidebarTrigger({ onClick, expanded }: { onClick: () => void; expanded: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Toggle Sidebar"
      aria-expanded={expanded}
      title="Toggle Sidebar (Ctrl+B)"
      className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <PanelLeft className="size-5" aria-hidden="true" />
    </button>
  );
}
