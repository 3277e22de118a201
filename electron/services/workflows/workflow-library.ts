import type {
  WorkflowCategory,
  WorkflowInfo,
  WorkflowListResult,
  WorkflowOrigin,
  WorkflowProblem,
} from '../../../shared/workflows/workflow';
import { validateWorkflow } from './validate-workflow';
import { builtinWorkflowSources, readWorkflowFolder, type WorkflowFileCache, type WorkflowSource } from './workflow-sources';
import type { WorkflowPromptSource } from './workflow-prompt-source';
import { promptWorkflows } from './workflow-prompt-source';

export interface WorkflowLibraryOptions {
  /** The data folder's `workflows/` (user workflows); listed on every call, so new files show up without a restart (unchanged files are not parsed again). */
  userDir: string | null;
  /** Tests point this at a folder of their own; default: the repo's `workflows/` (or the bundle's). */
  builtinRoot?: string;
  /** The catalogue's tool ids: a step naming another tool is a load-time problem. */
  knownTools?: ReadonlySet<string>;
  /** MCP prompts offered as one-step workflows (wired by the integrator). */
  promptSources?: readonly WorkflowPromptSource[];
}

export interface WorkflowLibrary {
  /** Every workflow that loaded, grouped by category (sorted), and every problem found. */
  list(): Promise<WorkflowListResult>;
  /** One workflow by id, or null. */
  get(workflowId: string): Promise<WorkflowInfo | null>;
}

/**
 * The workflow registry (seed: "Workflow registry"). Built-ins are read once; user workflows are
 * read again on every call, so a file dropped into the data folder appears at the next list. A
 * malformed file is reported with its path and field and every other file still loads.
 */
export function createWorkflowLibrary(options: WorkflowLibraryOptions): WorkflowLibrary {
  let builtins: Promise<WorkflowSource[]> | null = null;
  const userFiles: WorkflowFileCache = new Map();

  const load = async (): Promise<{ workflows: WorkflowInfo[]; problems: WorkflowProblem[] }> => {
    builtins ??= builtinWorkflowSources(options.builtinRoot);
    const sets: Array<[WorkflowOrigin, WorkflowSource[]]> = [
      ['builtin', await builtins],
      ['user', options.userDir ? await readWorkflowFolder(options.userDir, 'data/workflows', userFiles) : []],
    ];
    const workflows: WorkflowInfo[] = [];
    const problems: WorkflowProblem[] = [];
    const byId = new Map<string, WorkflowInfo>();
    const accept = (info: WorkflowInfo): void => {
      const earlier = byId.get(info.definition.id);
      if (earlier) {
        problems.push({
          file: info.file,
          field: 'id',
          message: `"${info.definition.id}" is already used by ${earlier.file}; pick another id`,
        });
        return;
      }
      byId.set(info.definition.id, info);
      workflows.push(info);
    };
    for (const [origin, sources] of sets) {
      for (const source of sources) {
        if (!source.ok) {
          problems.push({ file: source.file, field: null, message: source.message });
          continue;
        }
        const checked = validateWorkflow(source.raw, { file: source.file, expectedId: source.expectedId }, options.knownTools);
        if (checked.ok) accept({ definition: checked.definition, origin, file: source.file });
        else problems.push(...checked.problems);
      }
    }
    for (const source of options.promptSources ?? []) {
      const found = await promptWorkflows(source, options.knownTools).catch((error: unknown) => ({
        workflows: [],
        problems: [
          { file: 'mcp', field: null, message: `prompts could not be listed (${error instanceof Error ? error.message : String(error)})` },
        ],
      }));
      for (const info of found.workflows) accept(info);
      problems.push(...found.problems);
    }
    return { workflows, problems };
  };

  return {
    async list() {
      const { workflows, problems } = await load();
      return { categories: groupByCategory(workflows), problems };
    },
    async get(workflowId) {
      const { workflows } = await load();
      return workflows.find((info) => info.definition.id === workflowId) ?? null;
    },
  };
}

export function groupByCategory(workflows: readonly WorkflowInfo[]): WorkflowCategory[] {
  const groups = new Map<string, WorkflowInfo[]>();
  for (const info of workflows) {
    const list = groups.get(info.definition.category) ?? [];
    list.push(info);
    groups.set(info.definition.category, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => ({ category, workflows: list.sort((a, b) => a.definition.name.localeCompare(b.definition.name)) }));
}
