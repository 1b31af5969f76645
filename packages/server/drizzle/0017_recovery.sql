CREATE TABLE "abandoned_checkout_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"recovery_emails_enabled" boolean DEFAULT true NOT NULL,
	"delay_minutes" integer DEFAULT 60 NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abandoned_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"cart_id" uuid,
	"member_id" uuid,
	"visitor_id" uuid,
	"status" text DEFAULT 'ABANDONED' NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_details" jsonb,
	"buyer_language" text,
	"currency" text NOT NULL,
	"total" numeric NOT NULL,
	"subtotal" numeric NOT NULL,
	"total_price" jsonb NOT NULL,
	"subtotal_price" jsonb NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recovery_token" text NOT NULL,
	"checkout_url" text NOT NULL,
	"mail_due_date" timestamp with time zone,
	"abandoned_date" timestamp with time zone NOT NULL,
	"recovered_date" timestamp with time zone,
	"order_id" uuid,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abandoned_checkouts_status_check" CHECK ("abandoned_checkouts"."status" in ('ABANDONED', 'RECOVERED'))
);
--> statement-breakpoint
CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"catalog_item_id" text NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"catalog_reference" jsonb NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"contact_id" text,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"auto_notified" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"item_url" text,
	"item_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notified_date" timestamp with time zone,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "back_in_stock_status_check" CHECK ("back_in_stock_requests"."status" in ('RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_checkout_idx" ON "abandoned_checkouts" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_created_idx" ON "abandoned_checkouts" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_status_idx" ON "abandoned_checkouts" USING btree ("status","created_date");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_email_idx" ON "abandoned_checkouts" USING btree ("buyer_email");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_mail_due_idx" ON "abandoned_checkouts" USING btree ("mail_due_date") WHERE "abandoned_checkouts"."mail_due_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_idx" ON "back_in_stock_requests" USING btree ("email_key","app_id","catalog_item_id","variant_id") WHERE "back_in_stock_requests"."status" in ('RECEIVED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "back_in_stock_item_idx" ON "back_in_stock_requests" USING btree ("app_id","catalog_item_id","variant_id","status");--> statement-breakpoint
CREATE INDEX "back_in_stock_created_idx" ON "back_in_stock_requests" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "back_in_stock_email_idx" ON "back_in_stock_requests" USING btree ("email_key");