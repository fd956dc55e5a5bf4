ALTER TABLE "kb_articles" DROP CONSTRAINT "kb_articles_slug_check";--> statement-breakpoint
ALTER TABLE "kb_categories" DROP CONSTRAINT "kb_categories_slug_check";