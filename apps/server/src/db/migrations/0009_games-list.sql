-- The public list's search: any part of a name or city, through trigram indexes (pg_trgm is a trusted extension: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- packages/shared isFreePrice: empty or zero is free (a number, or text such as '', ' 0 ', '0.00').
CREATE FUNCTION game_price_is_free(price jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN price IS NULL OR jsonb_typeof(price) = 'null' THEN true
    WHEN jsonb_typeof(price) = 'number' THEN (price #>> '{}')::numeric = 0
    WHEN jsonb_typeof(price) = 'string' THEN
      btrim(price #>> '{}', E' \u00a0\ufeff\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000')
        ~ '^(|[+-]?(0+\.?0*|\.0+)([eE][+-]?[0-9]+)?|0[xXbBoO]0+)$'
    ELSE false
  END
$$;--> statement-breakpoint
-- packages/shared areaCenter: a point's own position, or a polygon's centroid on a flat map around its first vertex; null when none.
CREATE FUNCTION game_start(location jsonb) RETURNS double precision[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  meters_per_degree constant double precision := pi() * 6371008.8 / 180;
  n integer;
  origin_lat double precision;
  origin_lng double precision;
  xs double precision[] := '{}';
  ys double precision[] := '{}';
  lats double precision[] := '{}';
  lngs double precision[] := '{}';
  d_lng double precision;
  twice_area double precision := 0;
  cx double precision := 0;
  cy double precision := 0;
  cross_product double precision;
  j integer;
BEGIN
  IF location IS NULL THEN RETURN NULL; END IF;
  IF jsonb_typeof(location) = 'object' THEN
    IF jsonb_typeof(location->'lat') <> 'number' OR jsonb_typeof(location->'lng') <> 'number' THEN RETURN NULL; END IF;
    RETURN ARRAY[(location->>'lat')::double precision, (location->>'lng')::double precision];
  END IF;
  IF jsonb_typeof(location) <> 'array' THEN RETURN NULL; END IF;
  n := jsonb_array_length(location);
  IF n = 0 THEN RETURN NULL; END IF;
  FOR i IN 0 .. n - 1 LOOP
    IF jsonb_typeof(location->i->'lat') <> 'number' OR jsonb_typeof(location->i->'lng') <> 'number' THEN RETURN NULL; END IF;
    -- To a tenth of a millimetre: nothing a map draws is lost, and no product underflows below.
    lats := lats || round((location->i->>'lat')::numeric, 9)::double precision;
    lngs := lngs || round((location->i->>'lng')::numeric, 9)::double precision;
  END LOOP;
  origin_lat := lats[1];
  origin_lng := lngs[1];
  FOR i IN 1 .. n LOOP
    d_lng := lngs[i] - origin_lng;
    IF d_lng > 180 THEN d_lng := d_lng - 360; END IF;
    IF d_lng < -180 THEN d_lng := d_lng + 360; END IF;
    xs := xs || d_lng * meters_per_degree * cos(radians(origin_lat));
    ys := ys || (lats[i] - origin_lat) * meters_per_degree;
  END LOOP;
  FOR i IN 1 .. n LOOP
    j := i % n + 1;
    cross_product := xs[i] * ys[j] - xs[j] * ys[i];
    twice_area := twice_area + cross_product;
    cx := cx + (xs[i] + xs[j]) * cross_product;
    cy := cy + (ys[i] + ys[j]) * cross_product;
  END LOOP;
  IF abs(twice_area) < 1e-6 THEN
    RETURN ARRAY[(SELECT avg(v) FROM unnest(lats) v), (SELECT avg(v) FROM unnest(lngs) v)];
  END IF;
  RETURN ARRAY[
    origin_lat + (cy / (3 * twice_area)) / meters_per_degree,
    origin_lng + (cx / (3 * twice_area)) / (meters_per_degree * cos(radians(origin_lat)))
  ];
END
$$;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(approved_at, created_at)) STORED;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "list_search" text GENERATED ALWAYS AS (lower(coalesce(metadata->>'name', '') || ' ' || coalesce(metadata->>'locationCity', ''))) STORED;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "list_language" text GENERATED ALWAYS AS (coalesce(metadata->>'language', 'he')) STORED;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "list_map" boolean GENERATED ALWAYS AS (coalesce(metadata->'map' = 'true'::jsonb, false)) STORED;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "list_free" boolean GENERATED ALWAYS AS (game_price_is_free(metadata->'price')) STORED;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "start_lat" double precision GENERATED ALWAYS AS ((game_start(metadata->'location'))[1]) STORED;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "start_lng" double precision GENERATED ALWAYS AS ((game_start(metadata->'location'))[2]) STORED;--> statement-breakpoint
CREATE INDEX "games_listed_idx" ON "games" USING btree ("listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "games_listed_user_idx" ON "games" USING btree ("user_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "games_listed_free_idx" ON "games" USING btree ("list_free","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "games_listed_language_idx" ON "games" USING btree ("list_language","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "games_listed_map_idx" ON "games" USING btree ("list_map","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "games_list_search_idx" ON "games" USING gin ("list_search" gin_trgm_ops) WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "games_start_idx" ON "games" USING btree ("start_lat","start_lng") WHERE status = 'APPROVED' and start_lat is not null;