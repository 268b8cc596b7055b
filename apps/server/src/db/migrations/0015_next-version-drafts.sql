ALTER TABLE "games" ADD COLUMN "next_version_of" text;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_next_version_of_games_id_fk" FOREIGN KEY ("next_version_of") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_next_version_of_key" ON "games" USING btree ("next_version_of");