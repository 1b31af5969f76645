CREATE TABLE "order_mails" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_mails_order_id_kind_pk" PRIMARY KEY("order_id","kind")
);
--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_mails" ("order_id", "kind", "sent_date") SELECT "id", 'confirmation', ("data"->>'_confirmationMailSent')::timestamptz FROM "orders" WHERE "data" ? '_confirmationMailSent';
