import type { ReactNode } from 'react';
import type { Highlight } from '@service-portal/shared/documents';

/**
 * Text with the matched words in <mark>: the server sends plain text and ranges, and React
 * draws them, so nothing from a document is ever read as HTML.
 */
export function HighlightedText({ highlight }: { highlight: Highlight }) {
  const { text } = highlight;
  const ranges = [...highlight.ranges].sort((a, b) => a[0] - b[0]);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
