CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"member_id" uuid,
	"visitor_id" uuid,
	"email" text,
	"order_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"discount_type" text NOT NULL,
	"percentage" numeric,
	"fixed_amount" numeric,
	"minimum_subtotal" numeric,
	"scope_type" text DEFAULT 'ALL_ITEMS' NOT NULL,
	"scope_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_time" timestamp with time zone,
	"expiration_time" timestamp with time zone,
	"usage_limit" integer,
	"limit_per_customer" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount_type_check" CHECK ("coupons"."discount_type" in ('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING')),
	CONSTRAINT "coupons_scope_type_check" CHECK ("coupons"."scope_type" in ('ALL_ITEMS', 'SPECIFIC_PRODUCTS', 'SPECIFIC_COLLECTIONS'))
);
--> statement-breakpoint
CREATE TABLE "delivery_regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"destinations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"delivery_region_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"estimated_delivery_time" text,
	"instructions" text,
	"delivery_time_slot" jsonb,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup" jsonb,
	"tax_group_id" uuid,
	"extended_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"weight_unit" text DEFAULT 'KG' NOT NULL,
	"tax_included_in_prices" boolean DEFAULT false NOT NULL,
	"business_address" jsonb,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"minimum_order_subtotal" numeric,
	"default_tax_group_id" uuid,
	"shipping_tax_group_id" uuid,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_singleton_check" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_weight_unit_check" CHECK ("store_settings"."weight_unit" in ('KG', 'LB'))
);
--> statement-breakpoint
CREATE TABLE "tax_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"system_defined" boolean DEFAULT false NOT NULL,
	"app_id" text,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tax_region_id" uuid NOT NULL,
	"tax_group_id" uuid NOT NULL,
	"jurisdictions" jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"subdivision" text,
	"app_id" text NOT NULL,
	"tax_included_in_price" boolean DEFAULT false NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"member_id" uuid,
	"visitor_id" uuid,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"coupon" jsonb,
	"merchant_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checkout_id" uuid,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner_key_unique" UNIQUE("owner_key")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid,
	"member_id" uuid,
	"visitor_id" uuid,
	"channel_type" text DEFAULT 'WEB' NOT NULL,
	"cart" jsonb NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tax_region_id_tax_regions_id_fk" FOREIGN KEY ("tax_region_id") REFERENCES "public"."tax_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_member_idx" ON "coupon_redemptions" USING btree ("coupon_id","member_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_visitor_idx" ON "coupon_redemptions" USING btree ("coupon_id","visitor_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("coupon_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "coupons_name_idx" ON "coupons" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "delivery_regions_name_idx" ON "delivery_regions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "delivery_regions_created_idx" ON "delivery_regions" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "shipping_options_title_idx" ON "shipping_options" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "shipping_options_created_idx" ON "shipping_options" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "shipping_options_regions_idx" ON "shipping_options" USING gin ("delivery_region_ids");--> statement-breakpoint
CREATE INDEX "tax_groups_name_idx" ON "tax_groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tax_groups_created_idx" ON "tax_groups" USING btree ("created_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_region_group_idx" ON "tax_rates" USING btree ("tax_region_id","tax_group_id");--> statement-breakpoint
CREATE INDEX "tax_rates_group_idx" ON "tax_rates" USING btree ("tax_group_id");--> statement-breakpoint
CREATE INDEX "tax_rates_created_idx" ON "tax_rates" USING btree ("created_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_regions_place_idx" ON "tax_regions" USING btree ("country",coalesce("subdivision", ''));--> statement-breakpoint
CREATE INDEX "tax_regions_created_idx" ON "tax_regions" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "carts_member_idx" ON "carts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "carts_updated_idx" ON "carts" USING btree ("updated_date");--> statement-breakpoint
CREATE INDEX "checkouts_cart_idx" ON "checkouts" USING btree ("cart_id");