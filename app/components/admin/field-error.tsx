/** A form field's error, announced and tied to the field with aria-describedby (id = `${field}-error`). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-400">
      {message}
    </p>
  );
}

/** Props that mark a field invalid and point it at its error. */
export function invalidProps(id: string, message?: string) {
  return message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}
