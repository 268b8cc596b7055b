CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'ILS' NOT NULL,
	"kind" text DEFAULT 'payout' NOT NULL,
	"corrects_id" text,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "language" text DEFAULT 'he' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "builder_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "affiliate_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "vat_percent" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "vat" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "commission" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "affiliate_share" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "builder_share" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate_code" text;--> statement-breakpoint
-- Every existing user gets a code like the app's (db/ids.ts newAffiliateCode); the subquery names the
-- row so it runs once per user, not once for all.
UPDATE "users" SET "affiliate_code" = (
	SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1), '')
	FROM generate_series(1, 8 + 0 * length("users"."id"))
);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "affiliate_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "payouts_period_idx" ON "payouts" USING btree ("period");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_builder_id_users_id_fk" FOREIGN KEY ("builder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One lead per email and form from now on: emails lower-case, the newest of any repeats kept.
UPDATE "leads" SET "email" = lower("email");--> statement-breakpoint
DELETE FROM "leads" AS "older" USING "leads" AS "newer"
	WHERE "older"."email" = "newer"."email" AND "older"."form_type" = "newer"."form_type"
	AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_form_key" ON "leads" USING btree ("email","form_type");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "purchases_builder_idx" ON "purchases" USING btree ("builder_id","paid_at");--> statement-breakpoint
CREATE INDEX "purchases_affiliate_idx" ON "purchases" USING btree ("affiliate_id","paid_at");--> statement-breakpoint
CREATE INDEX "purchases_paid_idx" ON "purchases" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_affiliate_code_key" ON "users" USING btree ("affiliate_code");--> statement-breakpoint
-- Payouts are a ledger: recorded once, never changed or deleted (a correction is a new entry).
CREATE FUNCTION "payouts_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'payouts are never changed or deleted; record a correction instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payouts_append_only" BEFORE UPDATE OR DELETE ON "payouts" FOR EACH ROW EXECUTE FUNCTION "payouts_append_only"();