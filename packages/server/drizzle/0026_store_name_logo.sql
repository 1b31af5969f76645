ALTER TABLE "store_settings" ADD COLUMN "default_taxable_address" text DEFAULT 'SHIPPING' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_taxable_address_check" CHECK ("store_settings"."default_taxable_address" in ('BUSINESS', 'BILLING', 'SHIPPING'));