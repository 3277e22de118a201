import { matchSegments } from './sidebar-order';

/** Plain text with the parts matching `query` marked. */
export function MatchText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {matchSegments(text, query).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}
