import { clientAddress, requireAdmin, roleRefusal } from "~/platform/auth/auth.server";
import { recordAudit } from "~/platform/audit.server";
import { logger } from "~/platform/logger.server";
import { can } from "~/shared/staff-access";
import { isPackFileName } from "~/features/workshop/pack-files";
import { packFile } from "~/features/workshop/production-pack.server";

/* The HTTP answer of a production pack download (issue 44, decision 060). */

/** Who may download a pack: the workshop (production) and the packers (shipping). */
export const PACK_PERMISSIONS = ["production", "shipping"] as const;

const plain = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

export async function packFileResponse(
  request: Request,
  context: unknown,
  id: string,
  file: string,
): Promise<Response> {
  // Signed out: to the sign-in page; signed in: either permission will do.
  const admin = await requireAdmin(request, "self");
  if (!PACK_PERMISSIONS.some((p) => can(admin.user.role, p))) throw roleRefusal(admin.user.role);
  if (!isPackFileName(file)) return plain(404, "No such file in a production pack.");
  const started = performance.now();
  const answer = await packFile(id, file);
  if (!answer.ok) return plain(answer.status, answer.message);
  await recordAudit({
    actor: admin.user,
    ip: clientAddress(context),
    kind: "export",
    action: "production-pack",
    subject: answer.orderNumber,
    after: { customOrderId: id, file },
  });
  logger.info(
    { customOrderId: id, file, ms: Math.round(performance.now() - started), by: admin.user.email },
    "production pack file downloaded",
  );
  return new Response(new Uint8Array(answer.bytes), {
    headers: {
      "Content-Type": answer.contentType,
      "Content-Disposition": `attachment; filename="${answer.fileName}"`,
      "Content-Length": String(answer.bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // An SVG opened from here runs nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
