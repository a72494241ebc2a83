import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { errorsOfAnswer, type FormAnswer } from "~/shared/form-answer";
import {
  formValues,
  revalidateField,
  validateAll,
  withField,
  FORM_ERROR_KEY,
  type FieldErrors,
  type FormValidator,
} from "~/shared/form-errors";
import { toast } from "~/ui/toast";

/*
 * The one form hook of the shop and the admin (decision 031). It joins what each form used to wire by
 * hand: the browser's check against the same schema the action parses, the server's answer (its field
 * errors replace what is shown; its sentence becomes a toast, once per answer), and the pending state.
 * Plain React and the shop's lazy toast: no zod (a page passes its schema, or a zod-free check), no form
 * library, so storefront pages can use it without growing their JavaScript.
 *
 *   const form = useFetcherForm({ schema, onAnswer: (a) => a.ok && close() });
 *   <form.fetcher.Form method="post" {...form.props}> … <Field error={form.errors.name}> …
 *   <Button disabled={form.pending}>
 */

/** The toast titles of an answer with a sentence; `false`: no toast (the page shows `formError`). */
export type AnswerToast = { ok: string; failed: string } | false;

export type UseFormOptions<A extends FormAnswer> = {
  /** The action's latest answer (a fetcher's data, or the route's action data). */
  answer: A | undefined;
  /** Whether the form is being sent or its answer loaded. */
  pending?: boolean;
  /** The form's check: its zod schema or a zod-free function with the same messages. */
  schema?: FormValidator;
  /** The values the schema checks (default: the form's text fields). */
  values?: (form: HTMLFormElement) => Record<string, string>;
  /** Called once per new answer (e.g. close the dialog after a success). */
  onAnswer?: (answer: A) => void;
  /** Toast titles (default Success / Error), or false to show the sentence in the page instead. */
  toast?: AnswerToast;
};

const DEFAULT_TOAST = { ok: "Success", failed: "Error" } as const;

// An answer is taken once, also when a page remounts with a keyed fetcher's earlier answer.
const taken = new WeakSet<object>();

export function useForm<A extends FormAnswer>(options: UseFormOptions<A>) {
  const { answer, schema, pending = false } = options;
  // Seeded from the answer so the server's render shows it too: a shopper without JavaScript who posts the
  // form gets the page back with its field errors and sentence (the effect below only runs in a browser).
  const [errors, setErrors] = useState<FieldErrors>(() =>
    answer ? errorsOfAnswer(answer, !(options.toast ?? DEFAULT_TOAST)) : {},
  );
  const latest = useRef(options);
  latest.current = options;

  const valuesOf = useCallback(
    (formEl: HTMLFormElement) =>
      (latest.current.values ?? ((f: HTMLFormElement) => formValues(new FormData(f))))(formEl),
    [],
  );

  useEffect(() => {
    if (!answer || taken.has(answer)) return;
    taken.add(answer);
    // The server is the authority: its field errors replace what the browser showed.
    const titles = latest.current.toast ?? DEFAULT_TOAST;
    setErrors(errorsOfAnswer(answer, !titles));
    if (titles && answer.message) {
      if (answer.ok) toast.success(titles.ok, { description: answer.message });
      else toast.error(titles.failed, { description: answer.message });
    }
    latest.current.onAnswer?.(answer);
  }, [answer]);

  const recheck = useCallback(
    (target: EventTarget, formEl: HTMLFormElement) => {
      const name = (target as { name?: unknown }).name;
      // File inputs are checked by their own widget (type, size, count), which reports through setFieldError.
      if (!schema || typeof name !== "string" || !name || (target as { type?: unknown }).type === "file")
        return;
      const values = valuesOf(formEl);
      setErrors((prev) => revalidateField(schema, values, name, prev));
    },
    [schema, valuesOf],
  );

  /** Re-checks an edited field that shows an error: it clears as soon as the value is valid. */
  const onChange = useCallback(
    (e: React.FormEvent<HTMLFormElement>) => recheck(e.target, e.currentTarget),
    [recheck],
  );
  const onBlur = useCallback(
    (e: React.FocusEvent<HTMLFormElement>) => recheck(e.target, e.currentTarget),
    [recheck],
  );

  /** Checks the whole form; focuses the first invalid field. Returns the errors (empty: go ahead). */
  const validate = useCallback(
    (formEl: HTMLFormElement, extra: FieldErrors = {}) => {
      const next = { ...(schema ? validateAll(schema, valuesOf(formEl)) : {}), ...extra };
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) focusField(formEl, first);
      return next;
    },
    [schema, valuesOf],
  );

  /** For `<form onSubmit>`: stops a send the browser's check refuses; a valid form goes on as usual. */
  const onSubmit = useCallback(
    (e: React.FormEvent<HTMLFormElement>) => {
      if (Object.keys(validate(e.currentTarget)).length > 0) e.preventDefault();
    },
    [validate],
  );

  const setFieldError = useCallback(
    (name: string, message: string | undefined) => setErrors((prev) => withField(prev, name, message)),
    [],
  );
  const clearErrors = useCallback(() => setErrors({}), []);

  return {
    errors,
    /** The refusal's sentence, for a page without toasts (`toast: false`), or a form-wide error. */
    formError: errors[FORM_ERROR_KEY],
    pending,
    setErrors,
    setFieldError,
    clearErrors,
    validate,
    onSubmit,
    /** Spread on the `<form>`: live re-checks, the check before sending, and no browser bubbles. */
    props: { onChange, onBlur, onSubmit, noValidate: true },
  };
}

/** useForm with its own fetcher (the form posts without leaving the page). */
export function useFetcherForm<A extends FormAnswer>(
  options: Omit<UseFormOptions<A>, "answer" | "pending"> & { key?: string } = {},
) {
  const fetcher = useFetcher<A>(options.key ? { key: options.key } : undefined);
  // The answer is JSON data, so its serialised type is the answer type itself.
  const answer = fetcher.data as A | undefined;
  const form = useForm<A>({ ...options, answer, pending: fetcher.state !== "idle" });
  return { ...form, fetcher };
}

/** Focuses a form's control for a field: by name (not hidden), else the control a `<Field>` marked with data-field. */
export function focusField(formEl: HTMLFormElement, name: string) {
  const byName = formEl.querySelector<HTMLElement>(
    `[name="${CSS.escape(name)}"]:not([type="hidden"]):not([aria-hidden="true"])`,
  );
  const el = byName ?? formEl.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
  el?.focus();
}
