CREATE TABLE "event_feed" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"team_id" text,
	"kind" text NOT NULL,
	"question_number" integer,
	"text" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_teams" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"code_id" text NOT NULL,
	"name" text,
	"disqualified_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"position_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"organiser_id" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"team_count" integer NOT NULL,
	"show_leaderboard" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_feed" ADD CONSTRAINT "event_feed_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feed" ADD CONSTRAINT "event_feed_team_id_event_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."event_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_code_id_game_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."game_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_feed_event_idx" ON "event_feed" USING btree ("event_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_teams_code_key" ON "event_teams" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "event_teams_event_idx" ON "event_teams" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_teams_name_key" ON "event_teams" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "events_organiser_idx" ON "events" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "events_ends_idx" ON "events" USING btree ("ends_at");