CREATE TABLE "customizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"customization_type" text NOT NULL,
	"customization_render_type" text NOT NULL,
	"free_text_input" jsonb,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customizations_type_check" CHECK ("customizations"."customization_type" in ('PRODUCT_OPTION', 'MODIFIER')),
	CONSTRAINT "customizations_render_type_check" CHECK ("customizations"."customization_render_type" in ('FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES'))
);
--> statement-breakpoint
CREATE TABLE "info_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unique_name" text NOT NULL,
	"title" text NOT NULL,
	"description" jsonb NOT NULL,
	"plain_description" text DEFAULT '' NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "info_sections_unique_name_unique" UNIQUE("unique_name")
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "preorder_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "preorder_message" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "preorder_limit" integer;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "preorder_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customizations_type_name_idx" ON "customizations" USING btree ("customization_type","name");--> statement-breakpoint
CREATE INDEX "customizations_created_date_idx" ON "customizations" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "info_sections_created_date_idx" ON "info_sections" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_ribbon_id_idx" ON "products" USING btree ("ribbon_id");--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_quantity_check" CHECK ("inventory_items"."quantity" is null or "inventory_items"."quantity" >= 0);