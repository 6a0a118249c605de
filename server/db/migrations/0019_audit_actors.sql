CREATE TABLE "audit_actors" (
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_id" text NOT NULL,
	CONSTRAINT "audit_actors_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_actors" ADD CONSTRAINT "audit_actors_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_actors" ADD CONSTRAINT "audit_actors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_actors_org_label_idx" ON "audit_actors" USING btree ("org_id",lower("label"),"user_id");--> statement-breakpoint
CREATE INDEX "audit_actors_user_idx" ON "audit_actors" USING btree ("user_id");--> statement-breakpoint
-- Kept in step by the database, whatever writes the log: after each statement that adds entries,
-- their actors' rows are upserted with the latest of them, and a row is replaced only by a later
-- entry by (created_at, id), so entries written out of time order leave the latest label in place.
CREATE FUNCTION "audit_actors_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_actors" AS x ("org_id", "user_id", "label", "last_at", "last_id")
  SELECT DISTINCT ON ("org_id", "actor_id") "org_id", "actor_id", "actor_label", "created_at", "id"
    FROM added
   WHERE "actor_id" IS NOT NULL
   ORDER BY "org_id", "actor_id", "created_at" DESC, "id" DESC
  ON CONFLICT ("org_id", "user_id") DO UPDATE
     SET "label" = excluded."label", "last_at" = excluded."last_at", "last_id" = excluded."last_id"
   WHERE (x."last_at", x."last_id") < (excluded."last_at", excluded."last_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_keep_actors" AFTER INSERT ON "audit_events"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "audit_actors_keep"();--> statement-breakpoint
-- The log's actors as they stand: each person's latest entry per workspace.
INSERT INTO "audit_actors" ("org_id", "user_id", "label", "last_at", "last_id")
SELECT DISTINCT ON ("org_id", "actor_id") "org_id", "actor_id", "actor_label", "created_at", "id"
  FROM "audit_events"
 WHERE "actor_id" IS NOT NULL
 ORDER BY "org_id", "actor_id", "created_at" DESC, "id" DESC;
