-- A game's translations (DESIGN.md section 13) live beside its content, in the row and in each kept version.
ALTER TABLE "game_versions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The list's language filter takes a bilingual game under either language: the languages the save
-- computed (metadata.languages), or a game's own language when it has none.
CREATE FUNCTION game_languages(metadata jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN jsonb_typeof(metadata->'languages') = 'array' AND jsonb_array_length(metadata->'languages') > 0
      THEN ARRAY(SELECT jsonb_array_elements_text(metadata->'languages'))
    ELSE ARRAY[coalesce(metadata->>'language', 'he')]
  END
$$;--> statement-breakpoint
DROP INDEX "games_listed_language_idx";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "list_language";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "list_languages" text[] GENERATED ALWAYS AS (game_languages(metadata)) STORED;--> statement-breakpoint
CREATE INDEX "games_listed_languages_idx" ON "games" USING gin ("list_languages") WHERE status = 'APPROVED';
