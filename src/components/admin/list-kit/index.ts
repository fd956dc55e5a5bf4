// The admin list kit: URL filters, search as you type, selection with a batch bar, the two pagers
// (page numbers for small tables, keyset for the long ones), and one list that is a table on wide
// screens and cards on a phone.
export { useUrlFilters, type FilterChange } from "./use-url-filters";
export { ListSearch } from "./list-search";
export { SEARCH_DEBOUNCE_MS } from "./debounce";
export { ListToolbar, FilterSelect, DateFilter, type FilterDef } from "./list-toolbar";
export { useSelection, type Selection } from "./use-selection";
export { useNameFilter } from "./use-name-filter";
export { BatchBar, SelectAll, SelectRow } from "./batch-bar";
export { BatchResults, type BatchOutcome } from "./batch-results";
export { useBatch, refusal } from "./use-batch";
export { ListView, type Column, type RowAttrs } from "./list-view";
export { Truncated } from "./truncated";
export { FilteredEmpty } from "./filtered-empty";
export { CardActions, CardFact, CardHead } from "./card-parts";
export { FilterButtons, TimeRangeFields, useTimeRange, type TimeRange } from "./time-range";
export { KeysetPager } from "../../shell/keyset-pager";
export { KeysetFooter } from "./keyset-footer";
export { keysetHrefs, filterParams, type KeysetHrefs, type KeysetPaging } from "./keyset-links";
export { ListFooter as PagePager } from "../../shell/list-footer";
