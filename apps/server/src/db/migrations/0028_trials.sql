CREATE TABLE "trials" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"code_id" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" text,
	"purchase_id" text,
	"bought_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "trial_code_id" text;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_code_id_game_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."game_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trials_code_key" ON "trials" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trials_game_device_key" ON "trials" USING btree ("game_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trials_game_user_key" ON "trials" USING btree ("game_id","user_id");--> statement-breakpoint
CREATE INDEX "trials_created_idx" ON "trials" USING btree ("game_id","created_at");