ALTER TABLE "feedbacks" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD COLUMN "language" text;