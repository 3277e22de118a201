import type { JsonObject } from '../../shared/contract/json';
import type { ToolContext, ToolRun } from './tool-runtime-types';

/** What a tool's implementation module (`tools/<category>/<tool_id>.ts`) exports. */
export type ToolPreview = (args: JsonObject, context: ToolContext) => Promise<string | null>;

export interface ToolImplementation {
  run: ToolRun;
  preview?: ToolPreview;
}

export type ImplementationCheck = { ok: true; implementation: ToolImplementation } | { ok: false; field: string; message: string };

/** Checks a loaded module's exports: `run` must be a function, `preview` a function if present. */
export function checkImplementation(module: unknown): ImplementationCheck {
  if (typeof module !== 'object' || module === null) {
    return { ok: false, field: 'run', message: 'the module exports nothing; export `run: ToolRun`' };
  }
  const run: unknown = Reflect.get(module, 'run');
  const preview: unknown = Reflect.get(module, 'preview');
  if (typeof run !== 'function') {
    return { ok: false, field: 'run', message: 'must export a function `run(args, context)` returning a ToolOutcome' };
  }
  if (preview !== undefined && typeof preview !== 'function') {
    return { ok: false, field: 'preview', message: 'must be a function `preview(args, context)` when exported' };
  }
  return {
    ok: true,
    implementation: {
      run: run as ToolRun,
      ...(typeof preview === 'function' ? { preview: preview as ToolPreview } : {}),
    },
  };
}
