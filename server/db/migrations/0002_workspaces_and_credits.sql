CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"credits" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_credits_positive" CHECK ("credit_ledger"."credits" > 0),
	CONSTRAINT "credit_ledger_kind_known" CHECK ("credit_ledger"."kind" in ('usage', 'grant')),
	CONSTRAINT "credit_ledger_category_format" CHECK ("credit_ledger"."category" ~ '^[a-z][a-z0-9_]{0,31}$')
);
--> statement-breakpoint
CREATE TABLE "org_plans" (
	"org_id" text PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"monthly_credits" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_plans_monthly_credits_non_negative" CHECK ("org_plans"."monthly_credits" is null or "org_plans"."monthly_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "team_size" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "use_case" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_plans" ADD CONSTRAINT "org_plans_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_org_occurred_idx" ON "credit_ledger" USING btree ("org_id","occurred_at");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_created_by_idx" ON "organizations" USING btree ("created_by");