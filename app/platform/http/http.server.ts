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
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "The request is not valid JSON.");
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

export function methodNotAllowed(): Response {
  return json({ error: "Method not allowed" }, 405, { allow: "POST" });
}
