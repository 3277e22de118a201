import { z } from 'zod';
import { allowedToolsSchema, conversationOptionsSchema } from './conversation-summary';
import { DEFAULTS } from '../constants';

/**
 * The system prompt library: named presets (a prompt, a default model, model options and the
 * tools it may use), stored in the data folder (`system-prompts.json`). `allowedTools: null` offers
 * every tool; a list offers only those.
 */
export const presetIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be 1–64 lower-case letters, digits or dashes, for example code-review');

export const systemPromptPresetSchema = z
  .object({
    id: presetIdSchema,
    name: z.string().trim().min(1).max(80),
    prompt: z.string().max(DEFAULTS.systemPrompts.maxPromptChars),
    defaultModel: z.string().trim().min(1).max(200).nullable(),
    options: conversationOptionsSchema.pick({ temperature: true, numCtx: true, keepAlive: true }).strict(),
    allowedTools: allowedToolsSchema,
  })
  .strict();

export type SystemPromptPreset = z.infer<typeof systemPromptPresetSchema>;

export const presetLibrarySchema = z
  .object({ presets: z.array(systemPromptPresetSchema).max(DEFAULTS.systemPrompts.maxPresets) })
  .strict()
  .refine((library) => new Set(library.presets.map((preset) => preset.id)).size === library.presets.length, 'must not repeat a preset id');

export type PresetLibrary = z.infer<typeof presetLibrarySchema>;

/** What TACO sends for a preset: the prompt as the model sees it, for a tools-capable model and for one that reads tools from the prompt. */
export interface EnhancedPromptView {
  preset: SystemPromptPreset;
  /** Native tool calling: the system message and the `tools` the request carries. */
  native: { system: string; tools: unknown[] };
  /** A model without tool calling: the tools and the JSON call format are in the system message. */
  prompt: { system: string };
  /** Tools the preset names that TACO does not have (a removed MCP server, a typo). */
  unknownTools: string[];
}
