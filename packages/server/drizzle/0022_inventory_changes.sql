CREATE TABLE "inventory_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer,
	"reason" text NOT NULL,
	"actor_kind" text,
	"actor_id" text,
	"actor_label" text,
	"order_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_changes" ADD CONSTRAINT "inventory_changes_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_changes_item_idx" ON "inventory_changes" USING btree ("item_id","id");