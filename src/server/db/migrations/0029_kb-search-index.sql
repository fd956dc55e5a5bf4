-- Custom SQL migration file, put your code below! --
-- 0028 re-made kb_articles.search (its expression changed) by dropping and adding the column, which
-- drops the GIN index on it; drizzle-kit still lists the index in its snapshot, so it is made here.
CREATE INDEX IF NOT EXISTS "kb_articles_search_idx" ON "kb_articles" USING gin ("search");
