CREATE TABLE "game_versions" (
	"game_id" text NOT NULL,
	"version" integer NOT NULL,
	"metadata" jsonb NOT NULL,
	"intro_page" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"gameover_page" jsonb NOT NULL,
	"answer_salt" text NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_versions_game_id_version_pk" PRIMARY KEY("game_id","version")
);
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "game_version" integer;--> statement-breakpoint
-- Every play is on its game's version as it is now: the next save that replaces it keeps it for them.
UPDATE "plays" p SET "game_version" = g."version" FROM "games" g WHERE g."id" = p."game_id";--> statement-breakpoint
ALTER TABLE "plays" ALTER COLUMN "game_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_versions" ADD CONSTRAINT "game_versions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plays_game_version_idx" ON "plays" USING btree ("game_id","game_version");