ALTER TABLE "events" ADD COLUMN "purchase_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "event_order" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_purchase_key" ON "events" USING btree ("purchase_id");