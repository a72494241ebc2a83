import { Link } from "react-router";
import { AdminTable, EmptyNote, SectionCard } from "~/features/admin-shell/ui/admin-list";
import { TableCell, TableRow } from "~/ui/table";
import { formatPaise } from "~/features/invoices/gst-tax";
import { gstStateByCode } from "~/shared/gst-states";
import type { ReturnProblem } from "~/features/month-end/gstr1-checks";
import type { Gstr3b, TableTotal, TaxFigures } from "~/features/month-end/gstr3b";
import type { DocIssueRow, HsnRow } from "~/features/month-end/gstr1";

/* The month-end page's sections (issue 45): the checks, GSTR-1's tables, GSTR-3B's figures, documents issued. */

const rs = (paise: number) => `₹${formatPaise(paise)}`;
const rupeeCell = (r: number) => `₹${formatPaise(Math.round(r * 100))}`;
const stateName = (code: string) => `${code} ${gstStateByCode(code)?.name ?? ""}`.trim();

export function ChecksCard({ problems }: { problems: readonly ReturnProblem[] }) {
  return (
    <SectionCard
      level={2}
      title="Checks before download"
      description="What would make the GST portal refuse the file, or file a wrong return. Issued documents never change: fix one with a credit note and a new invoice from its order."
    >
      {problems.length === 0 ? (
        <p>No problems found: the file is ready to upload.</p>
      ) : (
        <ul className="flex list-disc flex-col gap-2 pl-5" aria-label="Problems">
          {problems.map((p, i) => (
            <li key={i}>
              {p.message}{" "}
              <Link className="underline" to={p.href}>
                {p.linkText}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

const TAX_COLUMNS = ["Taxable value", "IGST", "CGST", "SGST/UTGST"];
const taxCells = (t: Pick<TaxFigures, "taxable" | "igst" | "cgst" | "sgst">) =>
  [t.taxable, t.igst, t.cgst, t.sgst].map((v, i) => <TableCell key={i}>{rs(v)}</TableCell>);

export function Gstr1TablesCard({ tables }: { tables: readonly TableTotal[] }) {
  return (
    <SectionCard level={2} title="GSTR-1 tables" description="What the file holds, table by table.">
      <AdminTable columns={["Table", "Records", ...TAX_COLUMNS]} scrollLabel="GSTR-1 tables">
        {tables.map((t) => (
          <TableRow key={t.table}>
            <TableCell>{t.label}</TableCell>
            <TableCell>{t.count}</TableCell>
            {taxCells(t)}
          </TableRow>
        ))}
      </AdminTable>
    </SectionCard>
  );
}

export function HsnCard({ hsn }: { hsn: { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] } }) {
  const rows = [
    ...hsn.hsn_b2b.map((r) => ({ side: "B2B", r })),
    ...hsn.hsn_b2c.map((r) => ({ side: "B2C", r })),
  ];
  return (
    <SectionCard
      level={2}
      title="HSN summary (12)"
      description="By HSN code and rate, net of credit notes, split B2B and B2C."
    >
      {rows.length === 0 ? (
        <EmptyNote className="py-4">No documents in this period.</EmptyNote>
      ) : (
        <AdminTable
          columns={["Tab", "HSN", "Rate", "Quantity (NOS)", "Taxable value", "IGST", "CGST", "SGST/UTGST"]}
        >
          {rows.map(({ side, r }) => (
            <TableRow key={`${side}${r.num}`}>
              <TableCell>{side}</TableCell>
              <TableCell>{r.hsn_sc}</TableCell>
              <TableCell>{r.rt}%</TableCell>
              <TableCell>{r.qty}</TableCell>
              {[r.txval, r.iamt, r.camt, r.samt].map((v, i) => (
                <TableCell key={i}>{rupeeCell(v)}</TableCell>
              ))}
            </TableRow>
          ))}
        </AdminTable>
      )}
    </SectionCard>
  );
}

export function DocumentsIssuedCard({
  docs,
}: {
  docs: ReadonlyArray<{ doc_typ: string; docs: DocIssueRow[] }>;
}) {
  return (
    <SectionCard
      level={2}
      title="Documents issued (13)"
      description="Each series' first and last number; numbers missing in between count as cancelled."
    >
      <AdminTable columns={["Document", "From", "To", "Total", "Cancelled", "Net issued"]}>
        {docs.flatMap((t) =>
          t.docs.map((d) => (
            <TableRow key={`${t.doc_typ}${d.num}`}>
              <TableCell>{t.doc_typ}</TableCell>
              <TableCell>{d.from}</TableCell>
              <TableCell>{d.to}</TableCell>
              <TableCell>{d.totnum}</TableCell>
              <TableCell>{d.cancel}</TableCell>
              <TableCell>{d.net_issue}</TableCell>
            </TableRow>
          )),
        )}
      </AdminTable>
    </SectionCard>
  );
}

export function Gstr3bCard({ gstr3b }: { gstr3b: Gstr3b }) {
  return (
    <SectionCard
      level={2}
      title="GSTR-3B figures"
      description="For the same period, from the same documents as GSTR-1 (net of credit notes)."
    >
      <AdminTable columns={["3.1 Nature of supplies", ...TAX_COLUMNS]} scrollLabel="GSTR-3B table 3.1">
        <TableRow>
          <TableCell>(a) Outward taxable supplies (other than zero rated, nil rated and exempted)</TableCell>
          {taxCells(gstr3b.outwardTaxable)}
        </TableRow>
        <TableRow>
          <TableCell>(b) Outward taxable supplies (zero rated)</TableCell>
          {taxCells(gstr3b.zeroRated)}
        </TableRow>
      </AdminTable>
      <h3 className="mt-6 mb-2 font-medium">3.2 Inter-state supplies to unregistered persons</h3>
      {gstr3b.interStateUnregistered.length === 0 ? (
        <EmptyNote className="py-4">None in this period.</EmptyNote>
      ) : (
        <AdminTable columns={["Place of supply", "Taxable value", "IGST"]} scrollLabel="GSTR-3B table 3.2">
          {gstr3b.interStateUnregistered.map((r) => (
            <TableRow key={r.pos}>
              <TableCell>{stateName(r.pos)}</TableCell>
              <TableCell>{rs(r.taxable)}</TableCell>
              <TableCell>{rs(r.igst)}</TableCell>
            </TableRow>
          ))}
        </AdminTable>
      )}
    </SectionCard>
  );
}
