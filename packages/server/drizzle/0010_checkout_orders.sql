CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_activities_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"author_email" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_fulfillments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_items" jsonb NOT NULL,
	"tracking_info" jsonb,
	"completed" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"due_date" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"checkout_id" uuid,
	"cart_id" uuid,
	"member_id" uuid,
	"visitor_id" uuid,
	"buyer_email" text,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"fulfillment_status" text DEFAULT 'NOT_FULFILLED' NOT NULL,
	"currency" text NOT NULL,
	"total" numeric(20, 4) NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"channel_type" text DEFAULT 'WEB' NOT NULL,
	"confirmation_token_hash" text,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"purchased_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "orders_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"inventory_update_trigger" text DEFAULT 'ON_ORDER_PLACED' NOT NULL,
	"order_approval_strategy" text DEFAULT 'DEFAULT' NOT NULL,
	"create_invoice" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_settings_singleton_check" CHECK ("orders_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_actions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"return_url" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"idempotency_key" text,
	"amount" numeric(20, 4) NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"status" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last_four_digits" text NOT NULL,
	"outcome" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_settings_singleton_check" CHECK ("checkout_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tip_choices" (
	"purchase_flow_id" uuid PRIMARY KEY NOT NULL,
	"tip_type" text NOT NULL,
	"value" text NOT NULL,
	"tip_settings_id" uuid,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tip_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"tip_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_choice" text,
	"allow_custom_amount" boolean DEFAULT true NOT NULL,
	"title" text,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "cart" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "line_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "merchant_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "purchase_flow_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_activities" ADD CONSTRAINT "order_activities_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfillments" ADD CONSTRAINT "order_fulfillments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_activities_order_idx" ON "order_activities" USING btree ("order_id","created_date");--> statement-breakpoint
CREATE INDEX "order_fulfillments_order_idx" ON "order_fulfillments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_invoices_order_idx" ON "order_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_once_idx" ON "orders" USING btree ("checkout_id") WHERE "orders"."status" <> 'REJECTED';--> statement-breakpoint
CREATE INDEX "orders_member_created_idx" ON "orders" USING btree ("member_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","payment_status","fulfillment_status");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("buyer_email"));--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("provider","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "checkouts_member_idx" ON "checkouts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "checkouts_updated_idx" ON "checkouts" USING btree ("updated_date");