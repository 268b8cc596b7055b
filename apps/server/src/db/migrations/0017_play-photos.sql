CREATE TABLE "play_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"play_id" text NOT NULL,
	"code_id" text NOT NULL,
	"question_id" text NOT NULL,
	"media_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"points" integer,
	"comment" text,
	"judged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_photos" ADD CONSTRAINT "play_photos_play_id_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_photos" ADD CONSTRAINT "play_photos_code_id_game_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."game_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "play_photos_play_question_key" ON "play_photos" USING btree ("play_id","question_id");--> statement-breakpoint
CREATE INDEX "play_photos_code_idx" ON "play_photos" USING btree ("code_id");