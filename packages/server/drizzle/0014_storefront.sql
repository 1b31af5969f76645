CREATE TABLE "storefront_gone_products" (
	"slug" text PRIMARY KEY NOT NULL,
	"deleted_date" timestamp with time zone DEFAULT now() NOT NULL
);
