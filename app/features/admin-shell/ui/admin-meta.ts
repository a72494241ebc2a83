import type { MetaDescriptor } from "react-router";

/** Title of an admin page; admin pages are never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex, nofollow" }];
}

/** Admin pages hold private data: never stored by browsers or proxies. */
export function adminHeaders(): HeadersInit {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}
