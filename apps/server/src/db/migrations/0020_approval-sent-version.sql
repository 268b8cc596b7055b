ALTER TABLE "games" ADD COLUMN "sent_version" integer;--> statement-breakpoint
-- Games already waiting for approval were sent as they are now: an approval without a version approves that.
UPDATE "games" SET "sent_version" = "version" WHERE "status" = 'PENDING';
