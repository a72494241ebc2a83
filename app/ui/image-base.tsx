import { createContext, useContext, type ReactNode } from "react";
import { SHOP_IMAGE_BASE } from "~/shared/images";

/**
 * Where uploaded images are fetched from (the root loader's `imageBase`: the shop's /uploads, or the bucket's
 * public address or CDN). Provided once by the root route, so client-side navigations keep it.
 */
const ImageBaseContext = createContext<string>(SHOP_IMAGE_BASE);

export function ImageBaseProvider({ base, children }: { base: string; children: ReactNode }) {
  return <ImageBaseContext.Provider value={base}>{children}</ImageBaseContext.Provider>;
}

/** The image base for imageAttrs()/imageUrl() in a component. */
export function useImageBase(): string {
  return useContext(ImageBaseContext);
}

/** The image base from route matches (meta functions, which cannot use hooks). */
export function imageBaseOf(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { imageBase?: unknown } | undefined;
  return typeof root?.imageBase === "string" ? root.imageBase : SHOP_IMAGE_BASE;
}
