ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Tokens signed before this migration carry no version and read as 0; a user who already changed the password starts at 1, so those older tokens stay refused.
UPDATE "users" SET "token_version" = 1 WHERE "password_changed_at" IS NOT NULL;
