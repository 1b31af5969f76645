CREATE TABLE "discount_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"active_start" timestamp with time zone,
	"active_end" timestamp with time zone,
	"trigger" jsonb NOT NULL,
	"discounts" jsonb NOT NULL,
	"tags" jsonb,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "discount_rules_created_idx" ON "discount_rules" USING btree ("created_date","id");