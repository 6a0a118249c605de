DROP INDEX "notifications_user_org_created_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("user_id","org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_inbox_category_idx" ON "notifications" USING btree ("user_id","org_id","category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_archived_idx" ON "notifications" USING btree ("user_id","org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("user_id","org_id","snoozed_until") WHERE "notifications"."seen_at" is null and "notifications"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_snoozed_idx" ON "notifications" USING btree ("user_id","org_id","snoozed_until","id") WHERE "notifications"."snoozed_until" is not null;--> statement-breakpoint
CREATE INDEX "notifications_snooze_due_idx" ON "notifications" USING btree ("snoozed_until") WHERE "notifications"."snoozed_until" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","org_id","snoozed_until") WHERE "notifications"."read_at" is null and "notifications"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_key_length" CHECK (char_length("notifications"."group_key") between 1 and 200);--> statement-breakpoint
-- Reading implies seeing, so what was read before seen_at existed counts as seen.
UPDATE "notifications" SET "seen_at" = "read_at" WHERE "read_at" IS NOT NULL;