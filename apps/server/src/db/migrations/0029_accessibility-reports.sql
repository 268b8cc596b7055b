CREATE TABLE "accessibility_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"what" text NOT NULL,
	"email" text,
	"language" text DEFAULT 'he' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "accessibility_reports_created_idx" ON "accessibility_reports" USING btree ("created_at");