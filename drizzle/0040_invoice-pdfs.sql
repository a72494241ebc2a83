CREATE TABLE "invoice_pdfs" (
	"invoice_id" uuid NOT NULL,
	"renderer_version" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_pdfs_invoice_id_renderer_version_pk" PRIMARY KEY("invoice_id","renderer_version")
);
--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A cached PDF is the drawing of one snapshot: when the snapshot changes (erasure blanks the buyer's phone and
-- e-mail, the only change invoices_immutable allows), the PDFs drawn from the old one go with it.
CREATE FUNCTION "invoice_pdfs_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_pdfs" WHERE "invoice_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_forget_pdfs" AFTER UPDATE OF "snapshot" ON "invoices"
  FOR EACH ROW WHEN (OLD."snapshot" IS DISTINCT FROM NEW."snapshot") EXECUTE FUNCTION "invoice_pdfs_forget"();
