CREATE INDEX "inventory_items_variant_id_idx" ON "inventory_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "inventory_items_created_date_idx" ON "inventory_items" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "inventory_items_updated_date_idx" ON "inventory_items" USING btree ("updated_date","id");