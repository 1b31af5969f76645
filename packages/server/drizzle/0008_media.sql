CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"format" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"media_type" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"file_type" text,
	"folder" text DEFAULT '' NOT NULL,
	"focal_x" double precision,
	"focal_y" double precision,
	"thumbnails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"poster_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_media_type_check" CHECK ("media_files"."media_type" in ('image', 'video', 'audio', 'document', 'zip')),
	CONSTRAINT "media_files_file_type_check" CHECK (("media_files"."private" and "media_files"."file_type" in ('SECURE_PICTURE', 'SECURE_VIDEO', 'SECURE_DOCUMENT', 'SECURE_MUSIC', 'SECURE_ARCHIVE')) or (not "media_files"."private" and "media_files"."file_type" is null)),
	CONSTRAINT "media_files_focal_point_check" CHECK (("media_files"."focal_x" is null) = ("media_files"."focal_y" is null))
);
--> statement-breakpoint
CREATE TABLE "media_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_poster_id_media_files_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_created_date_idx" ON "media_files" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "media_files_poster_idx" ON "media_files" USING btree ("poster_id");