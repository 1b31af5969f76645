CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(20, 4),
	"order_id" uuid,
	"reason" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_item_id" text NOT NULL,
	"product_id" uuid,
	"subscription_option_id" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"settings" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"unit_price" numeric(20, 4) NOT NULL,
	"quantity" integer NOT NULL,
	"billed_cycles" integer NOT NULL,
	"next_charge_date" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"payment_method" jsonb,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "reusable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscription_charges_contract_idx" ON "subscription_charges" USING btree ("contract_id","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_attempt_idx" ON "subscription_charges" USING btree ("contract_id","cycle","attempt");--> statement-breakpoint
CREATE INDEX "subscription_contracts_member_idx" ON "subscription_contracts" USING btree ("member_id","created_date");--> statement-breakpoint
CREATE INDEX "subscription_contracts_due_idx" ON "subscription_contracts" USING btree ("status","next_charge_date");--> statement-breakpoint
CREATE INDEX "subscription_contracts_created_idx" ON "subscription_contracts" USING btree ("created_date","id");