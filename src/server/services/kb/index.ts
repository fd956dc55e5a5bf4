// The knowledge base (issue 28 item 4): articles per language in categories, search, votes, and the
// set-up guides the client catalogue links to. Public reads decide by the caller what it may see.
export { listKbArticles, type KbList, type KbListItem } from "./list-articles";
export { getKbArticle, type KbArticleView } from "./get-article";
export { listKbCategories, listKbCategoriesAdmin, saveKbCategory, deleteKbCategory, type KbCategoryRow } from "./categories";
export { createKbArticle, updateKbArticle, saveKbArticle, deleteKbArticle, deleteKbArticlesBySlug, type KbAdminArticle } from "./manage";
export { listKbArticlesAdmin, getKbArticleAdmin, type KbAdminRow, type KbVoteCounts } from "./admin-list";
export { voteKbArticle, kbVoteOf, isKbVisitorId, newKbVisitorId, KB_VOTER_COOKIE, KB_VOTER_COOKIE_MAX_AGE, ANONYMOUS_VOTES_PER_IP } from "./votes";
export { kbGuideSlugs, withReadableGuides } from "./guides";
export { readsSignedInArticles } from "./access";
export { KbArticleInput, KbCategoryInput, KbListInput, KbReadInput, KB_SLUG, MAX_ARTICLE_CHARS, MAX_SLUG_CHARS, MAX_TITLE_CHARS, MAX_CATEGORY_NAME_CHARS, MAX_QUERY_CHARS } from "./inputs";
