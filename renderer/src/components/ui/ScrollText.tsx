import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** What the text is ("Arguments", "Tool output"): the name keyboard and screen-reader users get. */
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * Text shown as written (a call's arguments, a tool's output, code) in a box that scrolls past its
 * height. Once its text overflows, the box takes focus (Tab reaches it, the arrow keys scroll it)
 * and is a named region, as axe's scrollable-region-focusable asks; text that fits adds no stop.
 */
export function ScrollText({ label, className, testId, children }: Props) {
  const ref = useRef<HTMLPreElement>(null);
  const scrollable = useOverflows(ref);
  return (
    <pre ref={ref} className={className} data-testid={testId} {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </pre>
  );
}

/** Whether the element's content is larger than its box, measured after every render and on every resize. */
function useOverflows(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) setOverflows(overflowing(element));
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(overflowing(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

function overflowing(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
}
