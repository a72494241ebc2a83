import { useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";

/** How long typing must pause before the list is asked for (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search as you type for a GET search form: the box's value, kept in step with the address (a category
 * link or Back changes it) except while the shopper is typing in it, and an onChange that submits the
 * form once typing pauses, replacing the history entry so Back does not step through every letter.
 * Without JavaScript the form still submits on Enter.
 */
export function useSearchAsYouType(fromUrl: string) {
  const submit = useSubmit();
  const [value, setValue] = useState(fromUrl);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (typeof document !== "undefined" && document.activeElement === input.current) return;
    setValue(fromUrl);
  }, [fromUrl]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    setValue(e.target.value);
    const form = e.target.form;
    if (timer.current) clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(
      () => void submit(form, { replace: true, preventScrollReset: true }),
      SEARCH_DEBOUNCE_MS,
    );
  };
  return { value, onChange, ref: input };
}
