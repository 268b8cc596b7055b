ALTER TABLE "purchases" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payer_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_payer_idx" ON "purchases" USING btree ("payer_id");