import { Typography } from "@mantine/core";
import type { SafeHtml } from "@/server/services/announcements/markdown";
import classes from "./markdown-body.module.css";

/**
 * The one place announcement HTML enters a page. `SafeHtml` is what renderMarkdown returns (raw HTML
 * escaped, only http(s)/mailto/site links), so nothing else can be passed in by accident.
 */
export function MarkdownBody({ html, testId }: { html: SafeHtml; testId?: string }) {
  return (
    <Typography fz="sm" className={classes.body} data-testid={testId}>
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
