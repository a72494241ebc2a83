import { declarationLines, type Declarations } from "~/features/settings/declarations";

/** The package declarations again after the sale (issue 32): maker and packer, origin, consumer care. */
export function OrderDeclarations({ declarations }: { declarations: Declarations }) {
  return (
    <section aria-labelledby="declarations-heading" className="space-y-2 rounded-lg border p-4 text-sm">
      <h2 id="declarations-heading" className="font-semibold">
        Product declarations
      </h2>
      <ul className="space-y-1 text-muted-foreground">
        {declarationLines(declarations).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
