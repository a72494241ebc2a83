import { useEffect } from "react";
import { designFromQuery, designToQuery, type Design } from "~/features/customizer/customizer";

/** The customiser's design kept in the address bar (without a navigation, so nothing reloads), a moment after the last change. */
export function useDesignInUrl(design: Design) {
  useEffect(() => {
    const page = window.location.pathname;
    const t = window.setTimeout(() => {
      // The shopper may have left meanwhile (Buy Now): never write the design onto another page's address.
      if (window.location.pathname !== page) return;
      const current = designFromQuery(new URLSearchParams(window.location.search));
      const same = (Object.keys(design) as (keyof Design)[]).every((k) => current[k] === design[k]);
      if (same) return;
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}?${designToQuery(design)}`,
      );
    }, 250);
    return () => window.clearTimeout(t);
  }, [design]);
}
