import { failedAnswer, okAnswer } from "~/shared/form-answer";
import type { FieldErrors } from "~/shared/form-errors";
import { hasNul, NUL_MESSAGE } from "~/shared/text";
import { BodyTooLarge, readTextBody } from "./form-body.server";

/** Small helpers for JSON resource routes. */

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The JSON body of a POST. Only `application/json` is accepted: a cross-site HTML form cannot send
 * it without a CORS preflight, which this server never grants.
 */
export async function readJson(request: Request, maxBytes = 1_000_000): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type))
    throw new BodyError(415, "Send JSON (Content-Type: application/json).");
  let text: string;
  try {
    text = await readTextBody(request, maxBytes);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw new BodyError(413, "The request is too large.");
    throw new BodyError(400, "The request body could not be read.");
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "The request is not valid JSON.");
  }
  if (holdsNul(body)) throw new BodyError(400, NUL_MESSAGE);
  return body;
}

/** Whether a parsed JSON value holds a NUL character in any string or key (PostgreSQL cannot store one). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasNul(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasNul(k) || holdsNul(v, depth + 1));
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/*
 * Every JSON endpoint answers the one answer shape (FormAnswer, decisions 031 and 058): a refusal is
 * `{ ok: false, message, fieldErrors? }` with its status code (plus the endpoint's own data beside it, e.g.
 * `code`, `stepUp`, `role`), a result with a sentence or a flag says `ok` and `message`. Never `{ error }`.
 */

/** A JSON refusal in the one answer shape: `{ ok: false, message, fieldErrors? }` and its status code. */
export function jsonRefusal(
  status: number,
  message: string,
  more: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
): Response {
  return json(failedAnswer(message, more.fieldErrors), status, more.headers);
}

/** A JSON success in the one answer shape: `{ ok: true, message? }` and the endpoint's data beside it. */
export function jsonOk(
  data: Record<string, unknown> & { ok?: never; message?: never } = {},
  more: { message?: string; status?: number; headers?: Record<string, string> } = {},
): Response {
  return json({ ...okAnswer(more.message), ...data }, more.status ?? 200, more.headers);
}

export function methodNotAllowed(): Response {
  return jsonRefusal(405, "Method not allowed", { headers: { allow: "POST" } });
}
