// `npm run bench:month-end`: how long the month end takes for a month of 10,000 tax invoices and 500 credit
// notes (issue 45): the GSTR-1 with its checks and GSTR-3B figures (monthEndReturn), the JSON file, and the
// sales register CSV. Needs a PostgreSQL server it may create a database on (DATABASE_URL, e.g.
// postgres://postgres@127.0.0.1:5432/test); the database is made, filled with SQL and dropped again.
// Then a financial year of money (issue 45): BENCH_YEAR_PAYMENTS online orders (60000) paid across FY 2026-27,
// 99% settled two days later by Razorpay, 1,000 refunds (90% deducted), BENCH_YEAR_COD delivered COD orders
// (10000, 90% remitted), and the money page's reconciliation of the whole year (moneyPage).
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
import { moneyPage } from "~/features/month-end/money-page.server";
import { moneyFigures } from "~/features/month-end/money-figures.server";
import { reconciliation } from "~/features/month-end/reconciliation.server";
import { codParcels } from "~/features/month-end/cod-remittances.server";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 500);
const YEAR_PAYMENTS = Number(process.env.BENCH_YEAR_PAYMENTS ?? 60_000);
const YEAR_COD = Number(process.env.BENCH_YEAR_COD ?? 10_000);
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

  const t1 = performance.now();
  const q = (text: string, values: unknown[] = []) => dbPool().query(text, values);
  const yearStart = "timestamptz '2026-04-01 00:00+05:30'";
  await q(
    `insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, total_amount, payment_method, payment_status, status, razorpay_payment_id, created_at)
     select 'Online ' || g, 'o' || g || '@example.com', '+919800000000', '{"address1":"1 Road","city":"X","state":"delhi","pincode":"110001"}',
            1999, 1999, 'razorpay', 'paid', 'delivered', 'pay_y' || g, ${yearStart} + (g * interval '364 days' / $1::int)
       from generate_series(1, $1::int) g`,
    [YEAR_PAYMENTS],
  );
  await q(`insert into order_status_history (order_id, field, from_value, to_value, created_at)
           select id, 'payment_status', 'pending', 'paid', created_at + interval '1 minute' from orders where razorpay_payment_id like 'pay_y%'`);
  await q(`insert into gateway_settlement_lines (entity_id, type, settlement_id, utr, payment_id, amount, fee, tax, debit, credit, settled_at)
           select razorpay_payment_id, 'payment', 'setl_' || to_char(created_at + interval '2 days', 'YYYYMMDD'),
                  'UTR' || to_char(created_at + interval '2 days', 'YYYYMMDD'), razorpay_payment_id, 199900, 4718, 718, 0, 199900 - 4718,
                  date_trunc('day', created_at + interval '2 days') + interval '5 hours'
             from orders where razorpay_payment_id like 'pay_y%' and razorpay_payment_id not like '%00'`);
  await q(`insert into refunds (order_id, amount, method, status, reason, razorpay_payment_id, razorpay_refund_id, created_at)
           select id, 1999, 'razorpay', 'processed', 'Bench', razorpay_payment_id, 'rfnd_' || razorpay_payment_id, created_at + interval '3 days'
             from orders where razorpay_payment_id like 'pay_y%' and razorpay_payment_id like '%7' order by created_at limit 1000`);
  await q(`insert into gateway_settlement_lines (entity_id, type, settlement_id, utr, payment_id, amount, fee, tax, debit, credit, settled_at)
           select razorpay_refund_id, 'refund', 'setl_' || to_char(created_at + interval '2 days', 'YYYYMMDD'), null, razorpay_payment_id,
                  199900, 0, 0, 199900, 0, date_trunc('day', created_at + interval '2 days') + interval '5 hours'
             from refunds where reason = 'Bench' and razorpay_refund_id not like '%17'
           on conflict do nothing`);
  await q(`insert into gateway_settlements (id, amount, fees, tax, utr, status, settled_at)
           select settlement_id, sum(credit - debit), sum(fee), sum(tax), min(utr), 'processed', min(settled_at)
             from gateway_settlement_lines group by settlement_id`);
  await q(
    `insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, total_amount, payment_method, payment_status, status, tracking_number, courier, created_at)
     select 'Cod ' || g, 'c' || g || '@example.com', '+919800000000', '{"address1":"1 Road","city":"X","state":"delhi","pincode":"110001"}',
            1499, 1499, 'cod', 'paid', 'delivered', 'AWBY' || g, 'Delhivery', ${yearStart} + (g * interval '360 days' / $1::int)
       from generate_series(1, $1::int) g`,
    [YEAR_COD],
  );
  await q(`insert into order_status_history (order_id, field, from_value, to_value, created_at)
           select id, 'status', 'dispatched', 'delivered', created_at + interval '4 days' from orders where tracking_number like 'AWBY%'`);
  await q(`insert into cod_remittances (awb, reference, remitted_on, amount)
           select tracking_number, 'CRF' || to_char(created_at, 'YYYYMMDD'), (created_at + interval '12 days')::date, 149900
             from orders where tracking_number like 'AWBY%' and tracking_number not like '%0'`);
  await q("analyze");
  console.log(
    `filled a year: ${YEAR_PAYMENTS} online orders (settlement lines, 1,000 refunds) and ${YEAR_COD} COD orders in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  let money = "";
  await time("a year's money page (moneyPage, FY 2026-27)", async () => {
    const r = await moneyPage(
      new Request("http://bench/admin/money?period=2026-27"),
      new Date("2027-04-15T12:00:00+05:30"),
    );
    if (!("ok" in r) || !r.ok) throw new Error("the money page refused the period");
    money = `${r.settlements.rows.length + r.settlements.more} settlements, ${r.missing.rows.length + r.missing.more} missing, ${r.undeductedRefunds.rows.length + r.undeductedRefunds.more} refunds not deducted, ${r.cod.outstanding.rows.length + r.cod.outstanding.more} COD parcels outstanding`;
  });
  console.log(money);
  const fy = { from: new Date("2026-04-01T00:00:00+05:30"), to: new Date("2027-04-01T00:00:00+05:30") };
  const later = new Date("2027-04-15T12:00:00+05:30");
  await time("  of which the settlements reconciled", () => reconciliation(fy.from, fy.to, later));
  await time("  of which the money view", () => moneyFigures("2026-04-01", "2027-03-31"));
  await time("  of which the COD parcels", () => codParcels(null, later));
} finally {
  await closeDb();
  if (process.env.BENCH_KEEP) console.log(`kept the database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
