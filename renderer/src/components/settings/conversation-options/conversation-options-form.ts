import type { ConversationOptions } from '../../../../../shared/conversations/conversation';

/** The option fields as the dialog edits them: text, empty meaning "the app's default". */
export interface OptionsDraft {
  temperature: string;
  numCtx: string;
  keepAlive: string;
  systemPrompt: string;
  /** '' follows the model's check (or the server's tool support). */
  toolMode: '' | 'native' | 'prompt';
  toolBudget: string;
  think: '' | 'on' | 'off';
  /** Search the knowledge folders on every message; null follows the project (else off). */
  searchKnowledge: boolean | null;
}

export function draftFromOptions(options: ConversationOptions | undefined): OptionsDraft {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    temperature: text(options?.temperature),
    numCtx: text(options?.numCtx),
    keepAlive: text(options?.keepAlive),
    systemPrompt: options?.systemPrompt ?? '',
    toolMode: options?.toolMode ?? '',
    toolBudget: text(options?.toolBudget),
    think: options?.think === true ? 'on' : options?.think === false ? 'off' : '',
    searchKnowledge: options?.searchKnowledge ?? null,
  };
}

export type ParsedOptions = { type: 'ok'; options: ConversationOptions } | { type: 'error'; field: keyof OptionsDraft; message: string };

/**
 * Turn the draft into options for `conversation.setOptions`: empty fields become null (the app's
 * default). Only the form is checked here (a number where a number goes); main checks the ranges
 * and its message is shown when it refuses.
 */
export function parseOptionsDraft(draft: OptionsDraft): ParsedOptions {
  const temperatureText = draft.temperature.trim();
  const temperature = temperatureText === '' ? null : Number(temperatureText.replace(',', '.'));
  if (temperature !== null && !Number.isFinite(temperature))
    return { type: 'error', field: 'temperature', message: 'Temperature must be a number, such as 0.7, or empty for the default.' };

  const numCtxText = draft.numCtx.trim();
  const numCtx = numCtxText === '' ? null : Number(numCtxText);
  if (numCtx !== null && !Number.isInteger(numCtx))
    return {
      type: 'error',
      field: 'numCtx',
      message: 'Context length must be a whole number of tokens, such as 8192, or empty for the default.',
    };

  const keepAliveText = draft.keepAlive.trim();
  const keepAlive = keepAliveText === '' ? null : /^-?\d+$/.test(keepAliveText) ? Number(keepAliveText) : keepAliveText;

  const budgetText = draft.toolBudget.trim();
  const toolBudget = budgetText === '' ? null : Number(budgetText);
  if (toolBudget !== null && !Number.isInteger(toolBudget))
    return {
      type: 'error',
      field: 'toolBudget',
      message: 'Tools per request must be a whole number, such as 10 (0 offers all), or empty for the default.',
    };

  const systemPrompt = draft.systemPrompt.trim() === '' ? null : draft.systemPrompt;
  const toolMode = draft.toolMode === '' ? null : draft.toolMode;
  const think = draft.think === '' ? null : draft.think === 'on';
  const searchKnowledge = draft.searchKnowledge;
  return { type: 'ok', options: { temperature, numCtx, keepAlive, systemPrompt, toolMode, toolBudget, think, searchKnowledge } };
}
