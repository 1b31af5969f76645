ALTER TABLE "member_factors" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "dev_mailbox_messages" ADD COLUMN "channel" text DEFAULT 'EMAIL' NOT NULL;