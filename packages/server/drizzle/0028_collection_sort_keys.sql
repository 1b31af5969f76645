ALTER TABLE "product_collections" ADD COLUMN "visible" boolean;--> statement-breakpoint
ALTER TABLE "product_collections" ADD COLUMN "price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "product_collections" ADD COLUMN "discounted_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "product_collections" ADD COLUMN "numeric_id" bigint;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_copy_to_collections() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE product_collections SET visible = NEW.visible, price = NEW.price, discounted_price = NEW.discounted_price WHERE product_id = NEW.id; RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER products_copy_to_collections AFTER UPDATE ON products FOR EACH ROW WHEN (OLD.visible IS DISTINCT FROM NEW.visible OR OLD.price IS DISTINCT FROM NEW.price OR OLD.discounted_price IS DISTINCT FROM NEW.discounted_price) EXECUTE FUNCTION products_copy_to_collections();--> statement-breakpoint
UPDATE "product_collections" pc SET "visible" = p."visible", "price" = p."price", "discounted_price" = p."discounted_price", "numeric_id" = p."numeric_id" FROM "products" p WHERE p."id" = pc."product_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_collections_fill() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN SELECT p.visible, p.price, p.discounted_price, p.numeric_id INTO NEW.visible, NEW.price, NEW.discounted_price, NEW.numeric_id FROM products p WHERE p.id = NEW.product_id FOR SHARE; RETURN NEW; END $$;--> statement-breakpoint
CREATE TRIGGER product_collections_fill BEFORE INSERT OR UPDATE OF product_id, visible, price, discounted_price, numeric_id ON product_collections FOR EACH ROW EXECUTE FUNCTION product_collections_fill();--> statement-breakpoint
CREATE INDEX "product_collections_discounted_price_idx" ON "product_collections" USING btree ("collection_id","discounted_price","numeric_id") WHERE "product_collections"."visible";--> statement-breakpoint
CREATE INDEX "product_collections_price_idx" ON "product_collections" USING btree ("collection_id","price","numeric_id") WHERE "product_collections"."visible";--> statement-breakpoint
CREATE INDEX "product_collections_newest_idx" ON "product_collections" USING btree ("collection_id","numeric_id") WHERE "product_collections"."visible";--> statement-breakpoint
CREATE INDEX "product_collections_featured_idx" ON "product_collections" USING btree ("collection_id","position","numeric_id") WHERE "product_collections"."visible";
