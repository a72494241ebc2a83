import { useCallback, useEffect, useRef, useState } from "react";
import {
  formValues,
  revalidateField,
  validateAll,
  withField,
  type FieldErrors,
  type FormValidator,
} from "~/shared/form-errors";

/**
 * A form's field errors in one place: the browser's check on submit, the server's answer, and live
 * clearing: once a field shows an error, every edit re-checks it against the same zod schema and the
 * error goes away as soon as the value is valid (no resubmit needed).
 *
 * Wire it with `<form onChange={form.onChange} onBlur={form.onBlur}>` and give each `<Field>` its
 * `errors[name]`. The schema is the one the server parses, so both sides agree on every message.
 */
export function useFormErrors(
  schema: FormValidator,
  opts: {
    serverErrors?: FieldErrors | undefined;
    values?: (form: HTMLFormElement) => Record<string, string>;
  } = {},
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const { serverErrors } = opts;
  const valuesOf = useRef(opts.values ?? ((f: HTMLFormElement) => formValues(new FormData(f))));
  valuesOf.current = opts.values ?? ((f: HTMLFormElement) => formValues(new FormData(f)));

  // A new server answer replaces what is shown (its errors are the authority). Pass one object per answer
  // (memoised / loader data): a fresh object on every render would reset the shown errors each render.
  useEffect(() => {
    if (serverErrors) setErrors((prev) => (sameErrors(prev, serverErrors) ? prev : serverErrors));
  }, [serverErrors]);

  const recheck = useCallback(
    (target: EventTarget, formEl: HTMLFormElement, reveal: boolean) => {
      const name = (target as { name?: unknown }).name;
      // File inputs are checked by their own widget (type, size, count), which reports through setFieldError.
      if (typeof name !== "string" || !name || (target as { type?: unknown }).type === "file") return;
      const values = valuesOf.current(formEl);
      setErrors((prev) => revalidateField(schema, values, name, prev, { reveal }));
    },
    [schema],
  );

  /** Re-checks the edited field if it shows an error (clears it once valid). */
  const onChange = useCallback(
    (e: React.FormEvent<HTMLFormElement>) => recheck(e.target, e.currentTarget, false),
    [recheck],
  );
  /** Same on leaving a field (a field left invalid keeps its updated message). */
  const onBlur = useCallback(
    (e: React.FocusEvent<HTMLFormElement>) => recheck(e.target, e.currentTarget, false),
    [recheck],
  );

  /** Checks the whole form before a submit; focuses the first invalid field. Returns the errors (empty = go). */
  const validate = useCallback(
    (formEl: HTMLFormElement, extra: FieldErrors = {}) => {
      const next = { ...validateAll(schema, valuesOf.current(formEl)), ...extra };
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) focusField(formEl, first);
      return next;
    },
    [schema],
  );

  const setFieldError = useCallback(
    (name: string, message: string | undefined) => setErrors((prev) => withField(prev, name, message)),
    [],
  );

  return { errors, setErrors, setFieldError, validate, onChange, onBlur };
}

function sameErrors(a: FieldErrors, b: FieldErrors): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Focuses a form's control for a field: by name (not hidden), else the control a `<Field>` marked with data-field. */
export function focusField(formEl: HTMLFormElement, name: string) {
  const byName = formEl.querySelector<HTMLElement>(
    `[name="${CSS.escape(name)}"]:not([type="hidden"]):not([aria-hidden="true"])`,
  );
  const el = byName ?? formEl.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
  el?.focus();
}
