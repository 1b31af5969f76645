ALTER TABLE "members" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "activity_status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "community" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "members_slug_idx" ON "members" USING btree ("slug");