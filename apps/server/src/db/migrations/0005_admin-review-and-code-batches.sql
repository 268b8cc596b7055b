CREATE TABLE "code_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"created_by" text NOT NULL,
	"count" integer NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_codes" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_batches_game_idx" ON "code_batches" USING btree ("game_id","created_at");--> statement-breakpoint
ALTER TABLE "game_codes" ADD CONSTRAINT "game_codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE no action ON UPDATE no action;