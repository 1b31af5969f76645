CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"track_quantity" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_collections" (
	"collection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"added_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_collections_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"product_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"discounted_price" numeric(14, 2) NOT NULL,
	"cost" numeric(14, 2),
	"weight" double precision,
	"sku" text,
	"visible" boolean DEFAULT true NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_variants_product_id_id_pk" PRIMARY KEY("product_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numeric_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "products_numeric_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text,
	"product_type" text DEFAULT 'physical' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"manage_variants" boolean DEFAULT false NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"discounted_price" numeric(14, 2) NOT NULL,
	"cost" numeric(14, 2),
	"weight" double precision,
	"discount_type" text DEFAULT 'NONE' NOT NULL,
	"discount_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ppu_total_quantity" double precision,
	"ppu_total_unit" text,
	"ppu_base_quantity" double precision,
	"ppu_base_unit" text,
	"brand_id" uuid,
	"brand" text,
	"ribbon_id" uuid,
	"ribbon" text,
	"track_inventory" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	"inventory_status" text DEFAULT 'IN_STOCK' NOT NULL,
	"price_min" numeric(14, 2) NOT NULL,
	"price_max" numeric(14, 2) NOT NULL,
	"cost_min" numeric(14, 2),
	"cost_max" numeric(14, 2),
	"weight_min" double precision,
	"weight_max" double precision,
	"collection_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', regexp_replace("description", '<[^>]*>', ' ', 'g')), 'B')) STORED NOT NULL,
	CONSTRAINT "products_numeric_id_unique" UNIQUE("numeric_id"),
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_product_type_check" CHECK ("products"."product_type" in ('physical', 'digital')),
	CONSTRAINT "products_discount_type_check" CHECK ("products"."discount_type" in ('NONE', 'AMOUNT', 'PERCENT')),
	CONSTRAINT "products_inventory_status_check" CHECK ("products"."inventory_status" in ('IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'))
);
--> statement-breakpoint
CREATE TABLE "ribbons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ribbons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_product_id_variant_id_product_variants_product_id_id_fk" FOREIGN KEY ("product_id","variant_id") REFERENCES "public"."product_variants"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ribbon_id_ribbons_id_fk" FOREIGN KEY ("ribbon_id") REFERENCES "public"."ribbons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_name_idx" ON "collections" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "collections_last_updated_idx" ON "collections" USING btree ("last_updated","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_variant_idx" ON "inventory_items" USING btree ("product_id","variant_id");--> statement-breakpoint
CREATE INDEX "product_collections_product_idx" ON "product_collections" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","numeric_id");--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","numeric_id");--> statement-breakpoint
CREATE INDEX "products_discounted_price_idx" ON "products" USING btree ("discounted_price","numeric_id");--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("sku","numeric_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand","numeric_id");--> statement-breakpoint
CREATE INDEX "products_ribbon_idx" ON "products" USING btree ("ribbon","numeric_id");--> statement-breakpoint
CREATE INDEX "products_in_stock_idx" ON "products" USING btree ("in_stock","numeric_id");--> statement-breakpoint
CREATE INDEX "products_product_type_idx" ON "products" USING btree ("product_type","numeric_id");--> statement-breakpoint
CREATE INDEX "products_visible_idx" ON "products" USING btree ("visible","numeric_id");--> statement-breakpoint
CREATE INDEX "products_created_date_idx" ON "products" USING btree ("created_date","numeric_id");--> statement-breakpoint
CREATE INDEX "products_last_updated_idx" ON "products" USING btree ("last_updated","numeric_id");--> statement-breakpoint
CREATE INDEX "products_collection_ids_idx" ON "products" USING gin ("collection_ids");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");