// `npm run bench:month-end`: how long the month end takes for a month of 10,000 tax invoices and 500 credit
// notes (issue 45): the GSTR-1 with its checks and GSTR-3B figures (monthEndReturn), the JSON file, and the
// sales register CSV. Needs a PostgreSQL server it may create a database on (DATABASE_URL, e.g.
// postgres://postgres@127.0.0.1:5432/test); the database is made, filled with SQL and dropped again.
// Prints the median and slowest of 5 runs after a warm-up. Options: BENCH_INVOICES (10000), BENCH_NOTES (500).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeDb, connectDb, db, dbPool } from "~/platform/db/client.server";
import { runMigrations } from "~/wiring/database.server";
import { wirePlatform } from "~/wiring/platform.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { upsertAdmin } from "~/platform/auth/admin-accounts.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { GST_STATES } from "~/shared/gst-states";
import {
  buildCreditNoteSnapshot,
  buildInvoiceSnapshot,
  type InvoiceSnapshot,
} from "~/features/invoices/gst-invoice";
import { documentNumber } from "~/features/invoices/invoice-numbers";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { monthEndReturn, salesRegister } from "~/features/month-end/month-end.server";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 500);
const RUNS = 5;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("Set DATABASE_URL to a PostgreSQL server the bench may create a database on.");
  process.exit(1);
}
const name = `bench_month_end_${crypto.randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-month-end-"));

const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const SHOP_GSTIN = withCheck("09ABCDE1234F1Z");
const seller = {
  legalName: "NeonLights Private Limited",
  address: "Shop 12, Civil Lines, Bareilly 243001",
  gstin: SHOP_GSTIN,
  hsnCode: "9405",
  gstRatePercent: 18,
  lutReference: "AD090326000001",
};

try {
  setEnv(parseEnv({ ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, NODE_ENV: "test" }));
  wirePlatform();
  connectDb(url.toString());
  await runMigrations(db());
  const owner = await upsertAdmin(db(), "bench@example.com", "a long enough bench passphrase");
  const { settings, version } = await loadShopSettings();
  await saveShopSettings(
    { ...settings, legal: { ...settings.legal, gstin: SHOP_GSTIN } },
    { id: owner.userId, email: "bench@example.com" },
    version,
  );

  const t0 = performance.now();
  const orderIds = (
    await dbPool().query<{ id: string }>(
      `insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, total_amount, payment_method, payment_status, status)
       select 'Shopper ' || g, 's' || g || '@example.com', '+919800000000', '{"address1":"1 Road","city":"X","state":"delhi","pincode":"110001"}', 1000, 1000, 'cod', 'paid', 'delivered'
       from generate_series(1, $1::int) g returning id`,
      [INVOICES],
    )
  ).rows.map((r) => r.id);
  const monthStart = Date.parse("2026-05-01T00:00:00+05:30");
  const snapshots: InvoiceSnapshot[] = [];
  for (let i = 0; i < INVOICES; i += 500) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let j = i; j < Math.min(INVOICES, i + 500); j++) {
      const state = GST_STATES[j % GST_STATES.length]!;
      const abroad = j % 97 === 0;
      const b2b = j % 11 === 0 && !abroad;
      const price = j % 53 === 0 ? 125_000 : 1499 + (j % 7) * 500;
      const quantity = 1 + (j % 3);
      const issuedAt = new Date(monthStart + j * Math.floor((30 * 86_400_000) / INVOICES));
      const s = buildInvoiceSnapshot(
        {
          orderRef: `NL${j}`,
          orderDate: issuedAt,
          customerName: `Shopper ${j}`,
          customerPhone: "+919800000000",
          customerEmail: `s${j}@example.com`,
          address: "1 Road, X",
          stateSlug: abroad ? null : state.slug,
          country: abroad ? "US" : null,
          buyerGstin: b2b
            ? withCheck(`${state.code}AAACB${String(1000 + (j % 9000)).padStart(4, "0")}C1Z`)
            : null,
          buyerBusinessName: b2b ? `Business ${j}` : null,
          goods: [{ description: `Neon sign ${j}`, hsn: "9405", quantity, unitPrice: price }],
          discount: j % 5 === 0 ? 100 : 0,
          deliveryFee: 299,
          codFee: j % 2 === 0 ? 50 : 0,
          deliveryLabel: "Delivery (Standard)",
          totalAmount: price * quantity + 299 + (j % 2 === 0 ? 50 : 0) - (j % 5 === 0 ? 100 : 0),
          paymentMethod: "Cash on Delivery",
        },
        seller,
        { number: documentNumber("invoice", "2026-27", j + 1), financialYear: "2026-27", issuedAt },
      );
      snapshots.push(s);
      const k = values.length;
      rows.push(
        `('invoice', $${k + 1}, '2026-27', $${k + 2}::uuid, $${k + 3}::timestamptz, $${k + 4}, $${k + 5}, $${k + 6}, $${k + 7}::jsonb, 'bench')`,
      );
      values.push(
        s.number,
        orderIds[j],
        s.issuedAt,
        s.totals.taxable,
        s.totals.tax,
        s.totals.total,
        JSON.stringify(s),
      );
    }
    await dbPool().query(
      `insert into invoices (kind, number, financial_year, order_id, issued_at, taxable_paise, tax_paise, total_paise, snapshot, issued_by) values ${rows.join(",")}`,
      values,
    );
  }
  const ids = (await dbPool().query<{ id: string; number: string }>(`select id, number from invoices`)).rows;
  const idOf = new Map(ids.map((r) => [r.number, r.id]));
  for (let n = 0; n < NOTES; n++) {
    const j = (n * 19) % INVOICES;
    const inv = snapshots[j]!;
    const issuedAt = new Date(Date.parse(inv.issuedAt) + 3_600_000);
    const s = buildCreditNoteSnapshot(
      inv,
      { amountPaise: n % 2 === 0 ? inv.totals.total : 50_000, reason: "Refund" },
      { number: documentNumber("credit_note", "2026-27", n + 1), financialYear: "2026-27", issuedAt },
    );
    await dbPool().query(
      `insert into invoices (kind, number, financial_year, order_id, invoice_id, issued_at, taxable_paise, tax_paise, total_paise, reason, snapshot, issued_by)
       values ('credit_note', $1, '2026-27', $2::uuid, $3::uuid, $4::timestamptz, $5, $6, $7, 'Refund', $8::jsonb, 'bench')`,
      [
        s.number,
        orderIds[j],
        idOf.get(inv.number),
        s.issuedAt,
        s.totals.taxable,
        s.totals.tax,
        s.totals.total,
        JSON.stringify(s),
      ],
    );
  }
  console.log(
    `filled ${INVOICES} invoices and ${NOTES} credit notes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const time = async (label: string, work: () => Promise<unknown>) => {
    await work();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await work();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms (${RUNS} runs)`,
    );
  };
  let summary = "";
  await time("GSTR-1 + checks + GSTR-3B (monthEndReturn)", async () => {
    const r = await monthEndReturn("2026-05");
    if (!r.ok) throw new Error(r.message);
    summary = `${r.documents.length} documents, ${r.problems.length} problems, ${r.gstr1.b2b.length} B2B buyers, ${r.gstr1.b2cs.length} B2CS rows`;
  });
  await time("GSTR-1 JSON file (return + stringify)", async () => {
    const r = await monthEndReturn("2026-05");
    if (r.ok) JSON.stringify(r.gstr1);
  });
  await time("sales register CSV", () => salesRegister("2026-05"));
  console.log(summary);
} finally {
  await closeDb();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
