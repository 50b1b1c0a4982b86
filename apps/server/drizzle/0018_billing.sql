CREATE TABLE "billing_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"tax_id" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"seller_key" text NOT NULL,
	"kind" varchar(12) NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_seller_key_kind_year_pk" PRIMARY KEY("seller_key","kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"seller_key" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"language" varchar(5) NOT NULL,
	"credits_invoice_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "membership_notices" (
	"assignment_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"to_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_notices_assignment_id_kind_to_date_pk" PRIMARY KEY("assignment_id","kind","to_date")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" text,
	"clinic_id" text,
	"seller_clinic_id" text,
	"membership_id" integer NOT NULL,
	"plan" text NOT NULL,
	"billing" varchar(10) NOT NULL,
	"months" smallint NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"provider" varchar(10) NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"payment_reference" text,
	"buyer_details" jsonb NOT NULL,
	"language" varchar(5) NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"assignment_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	"refund_ref" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('pending', 'paid', 'refunded', 'cancelled', 'expired')),
	CONSTRAINT "orders_billing_check" CHECK ("orders"."billing" in ('period', 'annual')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."net_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."total_cents" = "orders"."net_cents" + "orders"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" varchar(10) NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "clinic_id" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_notices" ADD CONSTRAINT "membership_notices_assignment_id_assigned_memberships_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assigned_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_clinic_id_users_id_fk" FOREIGN KEY ("seller_clinic_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignment_id_assigned_memberships_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assigned_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_idx" ON "invoices" USING btree ("seller_key","kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "orders_clinic_created_idx" ON "orders" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_clinic_id_users_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_clinic_idx" ON "memberships" USING btree ("clinic_id");