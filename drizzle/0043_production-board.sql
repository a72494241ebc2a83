CREATE TABLE "production_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"custom_order_id" uuid,
	"order_id" uuid,
	"order_item_id" uuid,
	"stage" text DEFAULT 'to_cut' NOT NULL,
	"led_metres" double precision NOT NULL,
	"moved_by" uuid,
	"moved_by_email" text,
	"moved_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_cards_stage" CHECK ("production_cards"."stage" in ('to_cut', 'to_bend', 'testing', 'ready_to_pack')),
	CONSTRAINT "production_cards_one_line" CHECK (("production_cards"."custom_order_id" is not null and "production_cards"."order_id" is null and "production_cards"."order_item_id" is null) or ("production_cards"."custom_order_id" is null and "production_cards"."order_id" is not null and "production_cards"."order_item_id" is not null)),
	CONSTRAINT "production_cards_metres" CHECK ("production_cards"."led_metres" >= 0)
);
--> statement-breakpoint
ALTER TABLE "production_cards" ADD CONSTRAINT "production_cards_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_cards" ADD CONSTRAINT "production_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_cards" ADD CONSTRAINT "production_cards_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_cards" ADD CONSTRAINT "production_cards_moved_by_admin_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "production_cards_custom_uq" ON "production_cards" USING btree ("custom_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "production_cards_item_uq" ON "production_cards" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "production_cards_order_idx" ON "production_cards" USING btree ("order_id");