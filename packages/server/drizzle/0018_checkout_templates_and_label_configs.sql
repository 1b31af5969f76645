CREATE TABLE "checkout_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"customization" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_code" text,
	"custom_content_reference" jsonb,
	"external_reference" jsonb,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shippo_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_region_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"domestic_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"international_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_type" text DEFAULT 'CUSTOM' NOT NULL,
	"package_details" jsonb,
	"os_location_id" text,
	"backup_rate" jsonb,
	"backup_weight" jsonb,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_templates_created_idx" ON "checkout_templates" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "checkout_templates_status_idx" ON "checkout_templates" USING btree ("status","created_date","id");--> statement-breakpoint
CREATE INDEX "shippo_configurations_created_idx" ON "shippo_configurations" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "shippo_configurations_regions_idx" ON "shippo_configurations" USING gin ("delivery_region_ids");