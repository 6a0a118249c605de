DROP INDEX "audit_events_org_actor_created_idx";--> statement-breakpoint
DROP INDEX "audit_events_org_kind_created_idx";--> statement-breakpoint
CREATE INDEX "audit_events_org_actor_created_idx" ON "audit_events" USING btree ("org_id","actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_org_kind_created_idx" ON "audit_events" USING btree ("org_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);