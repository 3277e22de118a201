import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { rovingTarget } from '../../hooks/use-roving-focus';
import { useTaco } from '../../store/store-context';
import { ConversationRow } from './ConversationRow';
import { projectGroups } from '../projects/project-groups';
import { ProjectHeader } from '../projects/ProjectHeader';
import { ProjectSection } from '../projects/ProjectSection';
import { SectionLabel } from './SectionLabel';
import { sidebarItems, sidebarSections, type SidebarItem, type SidebarSection } from './sidebar-items';
import { observeListRect } from '../../hooks/observe-list-rect';

const { overscan, rowEstimatePx, rowWithMetaEstimatePx, labelEstimatePx, projectHeaderEstimatePx } = DEFAULTS.sidebarList;

/** A section with its drawn header (if in view) and rows, each with its place in the list. */
interface DrawnSection {
  section: SidebarSection;
  header: { item: SidebarItem; index: number; start: number } | null;
  rows: { item: Extract<SidebarItem, { type: 'row' }>; index: number; start: number }[];
}

/**
 * A slot's height as laid out, unrounded: rows are fractions of a pixel tall (51.27 px), and the
 * library's whole-pixel sizes drifted a pixel every few rows from where stacked rows would be.
 */
function measureSlot(element: Element, entry: ResizeObserverEntry | undefined): number {
  return entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
}

function estimate(item: SidebarItem | undefined): number {
  if (!item) return rowEstimatePx;
  if (item.type === 'header') return item.gapBefore + (item.section.type === 'project' ? projectHeaderEstimatePx : labelEstimatePx);
  return item.gapBefore + (item.summary.model || item.summary.unfinished ? rowWithMetaEstimatePx : rowEstimatePx);
}

/**
 * The conversations: pinned first (from every project), then each project's section, then those in
 * no project. Virtualized: only the headers and rows in view (and `overscan` beyond) are in the
 * DOM, each in an absolutely placed slot measured once drawn; the row holding the Tab stop and the
 * active row stay drawn wherever they are, so focus and a rename in progress survive a scroll. One
 * Tab stop for the rows, arrows move between them (across the drawn window's edge), Home and End jump.
 */
export function ConversationList({ scrollRef }: { scrollRef: RefObject<HTMLElement | null> }) {
  const conversations = useTaco((state) => state.conversations);
  const projects = useTaco((state) => state.projects);
  const collapsed = useTaco((state) => state.collapsedProjects);
  const pendingDeletes = useTaco((state) => state.pendingDeletes);
  const deletedIds = useTaco((state) => state.deletedIds);
  const activeId = useTaco((state) => state.activeConversationId);
  const listing = useTaco((state) => state.conversationsListing);
  const loadConversations = useTaco((state) => state.loadConversations);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  /** A row to focus once it is drawn (keyboard moves and deletes reach rows not drawn yet). */
  const pendingFocus = useRef<string | null>(null);

  const items = useMemo(() => {
    const hidden = new Set([...pendingDeletes.map((entry) => entry.conversationId), ...Object.keys(deletedIds)]);
    const groups = projectGroups(conversations, projects, hidden);
    const counts = new Map<string, number>();
    for (const entry of conversations) {
      if (entry.projectId && !hidden.has(entry.conversationId)) counts.set(entry.projectId, (counts.get(entry.projectId) ?? 0) + 1);
    }
    return sidebarItems(sidebarSections({ groups, projects, collapsed, countOf: (projectId) => counts.get(projectId) ?? 0 }));
  }, [conversations, projects, collapsed, pendingDeletes, deletedIds]);

  /** Each section's first and last item: a section's box spans them (so it has the size it shows). */
  const spans = useMemo(() => {
    const found = new Map<string, { first: number; last: number }>();
    items.forEach((item, index) => {
      const span = found.get(item.section.id);
      if (span) span.last = index;
      else found.set(item.section.id, { first: index, last: index });
    });
    return found;
  }, [items]);
  // Rows of a folded project are not items, so the one Tab stop never lands on them.
  const rowIds = useMemo(() => items.flatMap((item) => (item.type === 'row' ? [item.key] : [])), [items]);
  const indexOf = useMemo(() => new Map(items.map((item, index) => [item.key, index])), [items]);
  const tabStop = [focusedId, activeId].find((id) => id !== null && indexOf.has(id)) ?? rowIds[0] ?? null;

  const itemsRef = useRef(items);
  itemsRef.current = items;
  const kept = useRef<number[]>([]);
  kept.current = [tabStop, activeId].flatMap((id) => (id !== null && indexOf.has(id) ? [indexOf.get(id) ?? 0] : []));
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = new Set(defaultRangeExtractor(range));
    for (const index of kept.current) if (index < range.count) indexes.add(index);
    return [...indexes].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({
    count: items.length,
    // The list mounts before its parent's ref is set: its own parent is the same scroll element.
    getScrollElement: () => scrollRef.current ?? container.current?.parentElement ?? null,
    estimateSize: useCallback((index: number) => estimate(itemsRef.current[index]), []),
    // A new function whenever the items change (a move to a project, a row brought to the top, a
    // delete): the virtualizer recomputes every position from the sizes measured per key. With
    // one stable function it kept each index's old place and size when the count stayed the same,
    // so rows were drawn over each other and over headers after a reorder.
    getItemKey: useCallback((index: number) => items[index]?.key ?? index, [items]),
    overscan,
    rangeExtractor,
    observeElementRect: observeListRect,
    measureElement: measureSlot,
  });

  const focusRow = (conversationId: string) => {
    pendingFocus.current = conversationId;
    setFocusedId(conversationId);
    const index = indexOf.get(conversationId);
    if (index !== undefined) virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  // A row asked to take focus is drawn (it holds the Tab stop): focus it now.
  useLayoutEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null) return;
    const row = [...(container.current?.querySelectorAll<HTMLElement>('[data-conversation-id]') ?? [])].find(
      (element) => element.dataset.conversationId === wanted,
    );
    const button = row?.querySelector<HTMLElement>('[data-roving-item]');
    if (!button) return;
    pendingFocus.current = null;
    button.focus({ preventScroll: true });
  });

  // A conversation made active (a search hit, a new chat, the last one reopened) is scrolled into view once.
  const activeIndex = activeId === null ? -1 : (indexOf.get(activeId) ?? -1);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (activeId === null || activeIndex < 0 || scrolledTo.current === activeId) return;
    scrolledTo.current = activeId;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeId, activeIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (!target.hasAttribute('data-roving-item')) return;
    const id = target.closest<HTMLElement>('[data-conversation-id]')?.dataset.conversationId;
    const index = id === undefined ? -1 : rowIds.indexOf(id);
    if (index === -1) return;
    const next = rovingTarget(event.key, index, rowIds.length);
    if (next === null) return;
    event.preventDefault();
    const nextId = rowIds[next];
    if (nextId !== undefined) focusRow(nextId);
  };

  /** Focus leaves a row that is about to go: to the next row, else the previous one. */
  const onBeforeDelete = useCallback((conversationId: string) => {
    const ids = itemsRef.current.flatMap((item) => (item.type === 'row' ? [item.key] : []));
    const index = ids.indexOf(conversationId);
    const neighbour = ids[index + 1] ?? ids[index - 1] ?? null;
    const hadFocus = Boolean(document.activeElement && container.current?.contains(document.activeElement));
    pendingFocus.current = hadFocus ? neighbour : null;
    setFocusedId(neighbour);
  }, []);

  if (rowIds.length === 0 && projects.length === 0 && listing === 'loading') {
    return (
      <p className="muted small sidebar-empty" role="status" aria-busy="true" data-testid="conversations-loading">
        Loading conversations…
      </p>
    );
  }
  if (rowIds.length === 0 && projects.length === 0 && listing === 'failed') {
    return (
      <div className="muted small sidebar-empty" role="status" data-testid="conversations-failed">
        <p>Your conversations could not be read.</p>
        <button type="button" className="link-button" onClick={() => void loadConversations()}>
          Try again
        </button>
      </div>
    );
  }
  if (rowIds.length === 0 && projects.length === 0) {
    return (
      <p className="muted small sidebar-empty" data-testid="conversations-empty">
        {pendingDeletes.length === 0 ? 'No conversations yet. Your chats appear here.' : 'No other conversations.'}
      </p>
    );
  }

  // The drawn items, by section (sections are contiguous, so each appears once, in order).
  const drawn: DrawnSection[] = [];
  for (const virtual of virtualizer.getVirtualItems()) {
    const item = items[virtual.index];
    if (!item) continue;
    let last = drawn.at(-1);
    if (!last || last.section.id !== item.section.id) {
      last = { section: item.section, header: null, rows: [] };
      drawn.push(last);
    }
    if (item.type === 'header') last.header = { item, index: virtual.index, start: virtual.start };
    else last.rows.push({ item, index: virtual.index, start: virtual.start });
  }

  const measurements = virtualizer.measurementsCache;
  /** A section's box: from its first item's start to its last one's end; its slots are placed inside it. */
  const sectionBox = (id: string) => {
    const span = spans.get(id);
    const top = span ? (measurements[span.first]?.start ?? 0) : 0;
    const bottom = span ? (measurements[span.last]?.end ?? top) : top;
    return { top, style: { transform: `translateY(${top}px)`, height: bottom - top } };
  };
  const slot = (index: number, start: number, gapBefore: number) => ({
    'data-index': index,
    ref: virtualizer.measureElement,
    style: { transform: `translateY(${start}px)`, paddingTop: gapBefore || undefined },
  });
  const rowSlots = (rows: DrawnSection['rows'], top: number) =>
    rows.map(({ item, index, start }) => (
      <li
        key={item.key}
        className="conversation-slot"
        aria-posinset={item.position}
        aria-setsize={item.setSize}
        // Focus anywhere in the row (its menu button, a rename field) keeps it drawn while scrolled away.
        onFocus={() => setFocusedId(item.key)}
        {...slot(index, start - top, item.gapBefore)}
      >
        <ConversationRow
          summary={item.summary}
          active={item.key === activeId}
          tabbable={item.key === tabStop}
          onFocusRow={setFocusedId}
          onBeforeDelete={onBeforeDelete}
        />
      </li>
    ));

  return (
    <div
      ref={container}
      className="conversation-groups conversation-groups-virtual"
      data-testid="conversation-list"
      data-rows={rowIds.length}
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {drawn.map(({ section, header, rows }) => {
        const box = sectionBox(section.id);
        const headerSlot = header && (
          <div key={header.item.key} className="conversation-slot" {...slot(header.index, header.start - box.top, header.item.gapBefore)}>
            {section.type === 'project' ? (
              <ProjectHeader project={section.project} count={section.count} collapsed={section.collapsed} />
            ) : (
              <SectionLabel label={section.label} testId={section.testId} dropTarget={section.dropTarget} />
            )}
          </div>
        );
        return section.type === 'project' ? (
          <ProjectSection key={section.id} project={section.project} collapsed={section.collapsed} header={headerSlot} style={box.style}>
            {rowSlots(rows, box.top)}
          </ProjectSection>
        ) : (
          <section key={section.id} className="conversation-group" aria-label={section.label} style={box.style}>
            {headerSlot}
            <ul className="conversation-list" data-testid={section.testId}>
              {rowSlots(rows, box.top)}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
