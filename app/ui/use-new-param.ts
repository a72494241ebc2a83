import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * `?new=1` in a page's address (the dashboard's quick actions link there) runs `open` once after the page
 * loads (e.g. opens the add dialog), then drops the parameter so a reload or Back does not open it again.
 */
export function useOpenOnNew(open: () => void, enabled = true): void {
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  const wanted = params.get("new") === "1";
  useEffect(() => {
    if (!wanted || !enabled || done.current) return;
    done.current = true;
    open();
    const next = new URLSearchParams(params);
    next.delete("new");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [wanted, enabled]); // eslint-disable-line react-hooks/exhaustive-deps
}
