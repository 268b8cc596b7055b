-- Every question and hint gets an id, and every play keeps its question states by question id instead
-- of by position (docs/decisions/008-game-content-v2.md). A play's states move onto the ids of the
-- questions at their positions now, so every play reads exactly as it did before.
-- Ids: 12 hex characters from md5 over a random number, the game, and the position (unique within a game).
UPDATE "games" g SET "questions" = coalesce((
  SELECT jsonb_agg(
    (CASE WHEN jsonb_typeof(q.value) = 'object' THEN q.value ELSE '{}'::jsonb END)
      || jsonb_build_object(
        'id', substr(md5(random()::text || g.id || ':' || q.n::text), 1, 12),
        'hints', coalesce((
          SELECT jsonb_agg(
            (CASE WHEN jsonb_typeof(h.value) = 'object' THEN h.value ELSE '{}'::jsonb END)
              || jsonb_build_object('id', substr(md5(random()::text || g.id || ':' || q.n::text || ':' || h.n::text), 1, 12))
            ORDER BY h.n)
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(q.value -> 'hints') = 'array' THEN q.value -> 'hints' ELSE '[]'::jsonb END) WITH ORDINALITY AS h(value, n)
        ), '[]'::jsonb))
    ORDER BY q.n)
  FROM jsonb_array_elements(g."questions") WITH ORDINALITY AS q(value, n)
), '[]'::jsonb)
WHERE jsonb_typeof(g."questions") = 'array';
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "states" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- { [questionId]: { status, openHints: [hintId], solution } } for each question begun: the state at the
-- same position, its open hints by the ids of the hints at their positions.
UPDATE "plays" p SET "states" = coalesce((
  SELECT jsonb_object_agg(q.value ->> 'id', jsonb_strip_nulls(jsonb_build_object(
    'status', s.value -> 'status',
    'openHints', (
      SELECT jsonb_agg(h.value ->> 'id' ORDER BY h.n)
      FROM jsonb_array_elements(q.value -> 'hints') WITH ORDINALITY AS h(value, n)
      WHERE jsonb_typeof(s.value -> 'hints') = 'array' AND (s.value -> 'hints' -> (h.n::int - 1) ->> 'isOpen') = 'true'
    ),
    'solution', s.value -> 'solution'
  )))
  FROM "games" g
  CROSS JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(g."questions") = 'array' THEN g."questions" ELSE '[]'::jsonb END) WITH ORDINALITY AS q(value, n)
  JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(p."questions") = 'array' THEN p."questions" ELSE '[]'::jsonb END) WITH ORDINALITY AS s(value, n) ON s.n = q.n
  WHERE g.id = p.game_id AND jsonb_typeof(s.value) = 'object'
), '{}'::jsonb);
