import { Download } from "lucide-react";
import { useCan } from "~/features/admin-shell/ui/use-can";
import { hasPackDesign, PACK_FILES, packFileUrl } from "~/features/workshop/pack-files";

type PackOrder = { id: string; fontStyle: string; neonColor: string; size: string; backingShape: string };

/**
 * The production pack's downloads on a custom order (issue 44): the cut files (SVG, DXF), the 1:1 print and the
 * job sheet. Shown to staff with the production or shipping permission, for an order that holds a customiser
 * design (a logo sign has no pack). The server checks both again.
 */
export function ProductionPackLinks({ o }: { o: PackOrder }) {
  const production = useCan("production");
  const shipping = useCan("shipping");
  if (!(production || shipping) || !hasPackDesign(o)) return null;
  return (
    <section className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4" aria-label="Production Pack">
      <h3 className="font-semibold">Production Pack</h3>
      <p className="text-sm text-muted-foreground">
        Cut files at 1:1 in millimetres, the 1:1 print on A4 (print at 100%, check the 100 mm bar) and the job
        sheet.
      </p>
      <ul className="flex flex-wrap gap-2">
        {PACK_FILES.map((f) => (
          <li key={f.file}>
            <a
              href={packFileUrl(o.id, f.file)}
              download
              className="inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm hover:bg-muted"
            >
              <Download className="size-4" aria-hidden /> {f.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
