import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { Project } from '../../../../shared/projects/projects';
import type { ProjectGroups } from '../projects/project-groups';

/** One section of the sidebar: a labelled one (Pinned, No project / Recent) or a project's. */
export type SidebarSection =
  | {
      type: 'labelled';
      id: 'pinned' | 'loose';
      label: string;
      testId: 'pinned-conversations' | 'recent-conversations';
      /** The label is shown (there is more than one kind of section). */
      showLabel: boolean;
      /** The label takes dropped rows (out of their project). */
      dropTarget: boolean;
    }
  | { type: 'project'; id: string; project: Project; collapsed: boolean; count: number };

/**
 * One line of the virtualized list, in order: a section's header or one of its rows. `gapBefore`
 * is the space above it (px), the same the stacked sections left between them by their margins.
 */
export type SidebarItem =
  | { type: 'header'; key: string; section: SidebarSection; gapBefore: number }
  | {
      type: 'row';
      key: string;
      section: SidebarSection;
      summary: ConversationSummary;
      /** 1-based place among its section's rows, and their number (aria-posinset / aria-setsize). */
      position: number;
      setSize: number;
      gapBefore: number;
    };

/** The CSS margins of what the sections stack (renderer/src/styles/conversations.css): kept by the gaps. */
const SECTION_GAP_PX = 10;
const LABEL_MARGIN_TOP_PX = 2;
const ROW_MARGIN_BOTTOM_PX = 2;

interface Options {
  groups: ProjectGroups;
  projects: readonly Project[];
  collapsed: Readonly<Record<string, boolean>>;
  /** Conversations in each project, not counting those going away. */
  countOf(projectId: string): number;
}

/** The sections the list shows: pinned (if any), each project, then those in no project (always once there are projects). */
export function sidebarSections({
  groups,
  projects,
  collapsed,
  countOf,
}: Options): { section: SidebarSection; rows: ConversationSummary[] }[] {
  const hasProjects = projects.length > 0;
  const showLabel = groups.pinned.length > 0 || hasProjects;
  const sections: { section: SidebarSection; rows: ConversationSummary[] }[] = [];
  if (groups.pinned.length > 0) {
    sections.push({
      section: { type: 'labelled', id: 'pinned', label: 'Pinned', testId: 'pinned-conversations', showLabel, dropTarget: false },
      rows: groups.pinned,
    });
  }
  for (const { project, rows } of groups.projects) {
    const folded = Boolean(collapsed[project.projectId]);
    sections.push({
      section: { type: 'project', id: project.projectId, project, collapsed: folded, count: countOf(project.projectId) },
      rows: folded ? [] : rows,
    });
  }
  if (groups.loose.length > 0 || hasProjects) {
    sections.push({
      section: {
        type: 'labelled',
        id: 'loose',
        label: hasProjects ? 'No project' : 'Recent',
        testId: 'recent-conversations',
        showLabel,
        dropTarget: hasProjects,
      },
      rows: groups.loose,
    });
  }
  return sections;
}

/** The margin an item's own box keeps above and below it (a label's, a row's; a project header has none). */
function margins(item: { type: 'header' | 'row'; section: SidebarSection }): { top: number; bottom: number } {
  if (item.type === 'row') return { top: 0, bottom: ROW_MARGIN_BOTTOM_PX };
  return item.section.type === 'labelled' ? { top: LABEL_MARGIN_TOP_PX, bottom: 4 } : { top: 0, bottom: 0 };
}

/**
 * The sections as one list of headers and rows. Each item keeps its own margins inside its slot;
 * between sections the gap makes up the rest of the 10 px the stacked sections had (their
 * margins collapsed into it).
 */
export function sidebarItems(sections: ReturnType<typeof sidebarSections>): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const { section, rows } of sections) {
    const first = items.length === 0;
    const previous = items.at(-1);
    const hasHeader = section.type === 'project' || section.showLabel;
    const leading = { type: hasHeader ? ('header' as const) : ('row' as const), section };
    const gapBefore = first || !previous ? 0 : Math.max(0, SECTION_GAP_PX - margins(previous).bottom - margins(leading).top);
    if (hasHeader) items.push({ type: 'header', key: `header:${section.id}`, section, gapBefore });
    rows.forEach((summary, index) =>
      items.push({
        type: 'row',
        key: summary.conversationId,
        section,
        summary,
        position: index + 1,
        setSize: rows.length,
        gapBefore: index === 0 && !hasHeader ? gapBefore : 0,
      }),
    );
  }
  return items;
}
