ALTER TABLE "play_photos" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_photos" ADD COLUMN "takes" integer DEFAULT 1 NOT NULL;