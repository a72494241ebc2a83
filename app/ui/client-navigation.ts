import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Plain links that navigate inside the app like React Router's <Link>, through one click listener for the
 * whole page (useClientNavigation in the shop layout) instead of one <Link> component per link.
 *
 * A product card has three links to its product; the list page has 16 cards. Each <Link> resolves its path,
 * reads the location and sets up its own click handler on every server render: about 5 % of the list
 * page's server time (docs/performance.md). `data-discover` lets React Router fetch the route's code before
 * the click, as it does for its own links.
 */
export function clientLink(href: string) {
  return { href, "data-discover": "true", "data-client-nav": "" } as const;
}

type ClickLike = Pick<
  MouseEvent,
  "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey"
>;
type AnchorLike = { href: string; target: string; hasAttribute(name: string): boolean };

/**
 * The path to navigate to in the app for this click, or null when the browser should handle it: another
 * handler took it, not a plain left click (new tab, new window, download), a target or download
 * attribute, or another origin. The same rules as React Router's <Link>.
 */
export function inAppDestination(event: ClickLike, anchor: AnchorLike, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Navigates in the app when a link made with clientLink() is clicked. */
export function useClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-client-nav]");
      if (!anchor) return;
      const to = inAppDestination(event, anchor, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
