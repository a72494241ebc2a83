/**
 * Reading a form body with a size cap. `request.formData()` buffers the whole body, so an action that takes
 * uploads reads it through this: a body announced larger than the cap is refused before anything is read,
 * and a body that turns out larger (chunked, or a lying Content-Length) is cut off as soon as it passes it.
 * Call it only after the caller has been authorised, so strangers cannot make the server buffer anything.
 */

export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
  }
}

export class BadFormBody extends Error {}

/**
 * The request's body as a stream that errors with BodyTooLarge as soon as more than `maxBytes` arrive
 * (chunked bodies and lying Content-Lengths included). A body announced larger is refused before reading.
 */
export function cappedBody(
  request: Request,
  maxBytes: number,
): { body: ReadableStream<Uint8Array> | null; tooLarge: () => boolean } {
  const announced = Number(request.headers.get("content-length"));
  if (Number.isFinite(announced) && announced > maxBytes) throw new BodyTooLarge(maxBytes);
  if (!request.body) return { body: null, tooLarge: () => false };
  let seen = 0;
  let over = false;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          over = true;
          controller.error(new BodyTooLarge(maxBytes));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { body, tooLarge: () => over };
}

/** The body as text, read with a cap while it streams. */
export async function readTextBody(request: Request, maxBytes: number): Promise<string> {
  const { body, tooLarge } = cappedBody(request, maxBytes);
  if (!body) return "";
  try {
    return await new Response(body).text();
  } catch (e) {
    if (tooLarge()) throw new BodyTooLarge(maxBytes);
    throw new BadFormBody(e instanceof Error ? e.message : "The body could not be read.");
  }
}

export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const { body, tooLarge } = cappedBody(request, maxBytes);
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
    throw new BadFormBody("The request is not a form submission.");
  }
  if (!body) return new FormData();
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    // Node's fetch needs this for a streamed request body.
    duplex: "half",
  } as RequestInit);
  try {
    return await copy.formData();
  } catch (e) {
    if (tooLarge()) throw new BodyTooLarge(maxBytes);
    throw new BadFormBody(e instanceof Error ? e.message : "The form could not be read.");
  }
}

/** What reading a capped body came to when it failed: over the cap (413), or not readable (400). */
export type BodyRefusal = { ok: false; tooLarge: boolean; maxBytes: number };

async function tryRead<T>(maxBytes: number, read: () => Promise<T>): Promise<T | BodyRefusal> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof BodyTooLarge) return { ok: false, tooLarge: true, maxBytes };
    if (e instanceof BadFormBody) return { ok: false, tooLarge: false, maxBytes };
    throw e;
  }
}

/** readFormData() that answers instead of throwing BodyTooLarge / BadFormBody (other errors still throw). */
export async function tryReadFormData(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; form: FormData } | BodyRefusal> {
  return tryRead(maxBytes, async () => ({ ok: true as const, form: await readFormData(request, maxBytes) }));
}

/** readTextBody() that answers instead of throwing BodyTooLarge / BadFormBody (other errors still throw). */
export async function tryReadText(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; text: string } | BodyRefusal> {
  return tryRead(maxBytes, async () => ({ ok: true as const, text: await readTextBody(request, maxBytes) }));
}

/** The files of a form field (empty file inputs send one nameless, empty file: left out). */
export function formFiles(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((v): v is File => typeof v !== "string" && !(v.size === 0 && v.name === ""));
}

export async function fileBytes(file: File): Promise<{ name: string; type: string; bytes: Buffer }> {
  return { name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) };
}
