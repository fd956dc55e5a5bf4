// The reference page's search, kept apart from the component so it can be tested without a DOM.
import type { TagGroup } from "@/server/openapi/reference";

/** Groups with only the endpoints whose method, path, summary, tag or access match every word. */
export function filterGroups(groups: TagGroup[], query: string): TagGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((g) => ({
      tag: g.tag,
      endpoints: g.endpoints.filter((e) => {
        const text = `${e.method} ${e.path} ${e.summary} ${g.tag} ${e.access}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.endpoints.length > 0);
}
