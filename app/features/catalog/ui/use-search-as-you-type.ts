import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSubmit } from "react-router";

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

  // A search still waiting must not overtake what the shopper did next: pressing Enter (the form submits
  // itself) or following a link to another page (a product) cancels it.
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => {
    const form = input.current?.form;
    form?.addEventListener("submit", cancel);
    return () => form?.removeEventListener("submit", cancel);
  }, []);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (navigation.location && navigation.location.pathname !== pathname) cancel();
  }, [navigation.location, pathname]);

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
