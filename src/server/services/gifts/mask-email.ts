// An address shown to someone who does not own it (a gift's claimer to its buyer, a buyer to whoever
// holds the gift link): enough to recognise it, not enough to write to it.
// "alice@example.com" -> "a***e@e***.com"; one- and two-letter names keep only their first letter.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const name = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  const shown = name.length <= 2 ? `${name[0]}***` : `${name[0]}***${name[name.length - 1]}`;
  return `${shown}@${host[0] ?? ""}***${tld}`;
}
