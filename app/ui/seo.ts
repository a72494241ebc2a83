import type { MetaDescriptor } from "react-router";
/** What the page head reads from the root loader: the store's name and public address. */
type RootData = { store: { publicUrl: string; name: string } } | undefined;

/** Title, description, canonical URL, Open Graph and Twitter tags for a page. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: {
    title: string;
    description: string;
    path: string;
    image?: string;
    noindex?: boolean;
    type?: string;
  },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  const base = root?.store.publicUrl ?? "";
  const name = root?.store.name ?? "NeonLights";
  const url = `${base}${page.path}`;
  const image = page.image
    ? page.image.startsWith("http")
      ? page.image
      : `${base}${page.image}`
    : `${base}/og-image.jpg`;
  const title = page.title.includes(name) ? page.title : `${page.title} | ${name}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
