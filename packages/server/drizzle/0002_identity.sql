CREATE TABLE "oauth_authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text,
	"code_challenge" text NOT NULL,
	"member_id" uuid NOT NULL,
	"visitor_id" uuid,
	"scope" text DEFAULT '' NOT NULL,
	"family_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follows_public_url" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"visitor_id" uuid,
	"member_id" uuid,
	"scope" text DEFAULT '' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone,
	"revoked_date" timestamp with time zone,
	CONSTRAINT "oauth_refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"difficulty" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"require_email_verification" boolean DEFAULT false NOT NULL,
	"require_owner_approval" boolean DEFAULT false NOT NULL,
	"captcha" text DEFAULT 'AUTO' NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid NOT NULL,
	"visitor_id" uuid,
	"client_id" text,
	"factor_type" text,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"last_sent_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"secret" text,
	"last_used_step" bigint,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"status_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"password_hash" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_mailbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"to" text NOT NULL,
	"to_key" text NOT NULL,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"tag" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirect_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"intent" text NOT NULL,
	"caller_kind" text NOT NULL,
	"visitor_id" uuid,
	"member_id" uuid,
	"client_id" text,
	"full_url" text NOT NULL,
	"callbacks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin" text,
	"session_token_hash" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oauth_refresh_family_idx" ON "oauth_refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "oauth_refresh_member_idx" ON "oauth_refresh_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "identity_tokens_member_idx" ON "identity_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_factors_member_type_idx" ON "member_factors" USING btree ("member_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_key_idx" ON "members" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "dev_mailbox_to_idx" ON "dev_mailbox_messages" USING btree ("to_key","seq");--> statement-breakpoint
CREATE INDEX "redirect_sessions_created_idx" ON "redirect_sessions" USING btree ("created_date");