import { z } from "~/shared/zod";
import { KEY_NAMES, SERVICE_KEYS, SERVICES, type KeyName } from "~/shared/service-keys";

/*
 * The Keys page's forms (issue 42, decision 055): one per service to save its keys (an empty field keeps the
 * saved key), a Clear per saved key, a Check connection per service. One schema for the page's action, the
 * save form's part of it checked in the browser too.
 */

/** A key typed into its field: empty keeps the saved one; else checked by the key's own rule. */
const keyValue = (name: KeyName) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): string | undefined => {
      const value = (raw ?? "").trim();
      if (value === "") return undefined;
      const checked = SERVICE_KEYS[name].rule.safeParse(value);
      if (checked.success) return value;
      ctx.addIssue({
        code: "custom",
        message: `${SERVICE_KEYS[name].label} ${checked.error.issues[0]?.message ?? "is not valid"}`,
      });
      return z.NEVER;
    });

const keyFields = Object.fromEntries(KEY_NAMES.map((n) => [n, keyValue(n)])) as {
  [K in KeyName]: ReturnType<typeof keyValue>;
};

const service = z.enum(SERVICES, "Unknown service.");

/** Save a service's keys: the fields typed in (other services' are ignored). */
export const saveKeysSchema = z.object({ intent: z.literal("save"), service, ...keyFields });

export const serviceKeysFormSchema = z.discriminatedUnion("intent", [
  saveKeysSchema,
  /** Clear one saved key. */
  z.object({ intent: z.literal("clear"), name: z.enum(KEY_NAMES, "Unknown key.") }),
  /** Try the service with the keys in use. */
  z.object({ intent: z.literal("check"), service }),
]);
export type ServiceKeysForm = z.output<typeof serviceKeysFormSchema>;
export type SaveKeysForm = z.output<typeof saveKeysSchema>;
