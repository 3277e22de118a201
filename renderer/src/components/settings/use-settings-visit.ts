import { useMemo, useRef, useState } from 'react';
import type { LocalApiStatus } from '../../../../shared/settings/local-api';
import type { McpServerView } from '../../../../shared/mcp/mcp';
import { useTaco } from '../../store/store-context';
import { planLocalApiRollback, planMcpRollback, type McpUndoStep } from './settings-rollback';
import type { SettingsSession } from './settings-session';

export interface SettingsVisit {
  session: SettingsSession;
  /** Save's part beyond the form: the servers marked for removal go. Main's refusals, in words. */
  commit(): Promise<string[]>;
  /** Cancel: what this visit changed live is undone. Main's refusals, in words (empty when all undone). */
  rollback(): Promise<string[]>;
}

/**
 * What Settings showed of the live pages (MCP servers, Local API) when it opened, so Cancel can
 * bring them back (settings-rollback.ts), and the MCP servers marked for removal until Save.
 */
export function useSettingsVisit(): SettingsVisit {
  const mcpServers = useTaco((state) => state.mcpServers);
  const localApi = useTaco((state) => state.localApi);
  const mcpBefore = useRef<McpServerView[] | null>(null);
  const localApiBefore = useRef<LocalApiStatus | null>(null);
  // The first list seen is what the user saw before changing anything (the page loads it on open).
  if (mcpBefore.current === null && mcpServers !== null) mcpBefore.current = mcpServers;
  if (localApiBefore.current?.type !== 'ready' && localApi?.type === 'ready') localApiBefore.current = localApi;
  const [pendingRemovals, setPendingRemovals] = useState<ReadonlySet<string>>(new Set());
  const removeMcpServer = useTaco((state) => state.removeMcpServer);
  const saveMcpServer = useTaco((state) => state.saveMcpServer);
  const setMcpServerEnabled = useTaco((state) => state.setMcpServerEnabled);
  const setMcpToolEnabled = useTaco((state) => state.setMcpToolEnabled);
  const setLocalApi = useTaco((state) => state.setLocalApi);

  const session = useMemo<SettingsSession>(
    () => ({
      pendingRemovals,
      stageRemoval: (name) => setPendingRemovals((current) => new Set([...current, name])),
      keep: (name) => setPendingRemovals((current) => new Set([...current].filter((each) => each !== name))),
    }),
    [pendingRemovals],
  );

  const commit = async (): Promise<string[]> => {
    const problems: string[] = [];
    for (const name of pendingRemovals) {
      const removed = await removeMcpServer(name);
      if (removed.ok) session.keep(name);
      else problems.push(`${name} could not be removed: ${removed.message}`);
    }
    return problems;
  };

  const rollback = async (): Promise<string[]> => {
    const steps = mcpBefore.current ? planMcpRollback(mcpBefore.current, mcpServers ?? []) : [];
    const problems: string[] = [];
    for (const step of steps) {
      const undone = await undoStep(step);
      if (!undone.ok) problems.push(`${step.name}: ${undone.message}`);
    }
    const localChange = planLocalApiRollback(localApiBefore.current, localApi);
    if (localChange) await setLocalApi(localChange);
    return problems;
  };

  const undoStep = (step: McpUndoStep) => {
    switch (step.type) {
      case 'remove':
        return removeMcpServer(step.name);
      case 'restore':
        return saveMcpServer(step.name, step.config, true);
      case 'enable':
        return setMcpServerEnabled(step.name, step.enabled);
      case 'tool':
        return setMcpToolEnabled(step.name, step.tool, step.enabled);
    }
  };

  return { session, commit, rollback };
}
