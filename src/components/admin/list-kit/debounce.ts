/** How long search-as-you-type waits after the last key before it asks for the rows (the e2e spec types across it). */
export const SEARCH_DEBOUNCE_MS = 350;
