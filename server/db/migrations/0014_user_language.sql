ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_shipped" CHECK ("users"."language" in ('en', 'de', 'es', 'ar'));