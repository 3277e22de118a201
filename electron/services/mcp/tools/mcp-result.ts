import { DEFAULTS } from '../../../../shared/constants';
import { imageRefusal } from '../connection/mcp-limits';

/** The parts of a tools/call result TACO reads (the SDK's CallToolResult, loosely typed: servers vary). */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

export interface ConvertedResult {
  text: string;
  images: string[];
  isError: boolean;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);

/**
 * What the model reads from an MCP result: text blocks joined, `structuredContent` as JSON when
 * the text does not already carry it, images kept aside (the tool row shows them, vision models
 * get them), audio, resource links and embedded resources summarised in words.
 */
export function convertResult(result: McpCallResult): ConvertedResult {
  const texts: string[] = [];
  const images: string[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    switch (block.type) {
      case 'text':
        if (typeof block.text === 'string') texts.push(block.text);
        break;
      case 'image': {
        const mime = typeof block.mimeType === 'string' ? block.mimeType.toLowerCase() : '';
        const refused = typeof block.data === 'string' ? imageRefusal(block.data, images.length) : null;
        if (typeof block.data === 'string' && refused !== null)
          texts.push(`[image: ${mime || 'unknown type'}, ${describeBytes(block.data)}, not shown: ${refused}]`);
        else if (typeof block.data === 'string' && IMAGE_TYPES.has(mime)) {
          images.push(block.data);
          texts.push(`[image ${images.length}: ${mime}, ${describeBytes(block.data)}]`);
        } else texts.push(`[image: ${mime || 'unknown type'}, not shown]`);
        break;
      }
      case 'audio':
        texts.push(`[audio: ${typeof block.mimeType === 'string' ? block.mimeType : 'unknown type'}, not played]`);
        break;
      case 'resource_link':
        texts.push(
          `[resource link: ${str(block.name) || str(block.uri)}${block.uri ? ` <${str(block.uri)}>` : ''}${block.description ? ` — ${str(block.description)}` : ''}]`,
        );
        break;
      case 'resource':
        texts.push(embeddedResource(block.resource));
        break;
      default:
        texts.push(`[${str(block.type) || 'unknown'} content, not shown]`);
    }
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    const json = JSON.stringify(result.structuredContent);
    if (!texts.some((text) => text.includes(json))) texts.push(json);
  }
  if (texts.length === 0 && result.toolResult !== undefined) texts.push(JSON.stringify(result.toolResult));
  return { text: texts.join('\n'), images, isError: result.isError === true };
}

function embeddedResource(resource: unknown): string {
  if (!isRecord(resource)) return '[embedded resource]';
  const uri = str(resource.uri);
  const mime = str(resource.mimeType);
  if (typeof resource.text === 'string') {
    const max = DEFAULTS.mcp.resourceTextMaxChars;
    const text =
      resource.text.length > max ? `${resource.text.slice(0, max)}… [${resource.text.length - max} more characters]` : resource.text;
    return `[resource ${uri}${mime ? ` (${mime})` : ''}]\n${text}`;
  }
  if (typeof resource.blob === 'string') return `[resource ${uri}${mime ? ` (${mime})` : ''}: binary, ${describeBytes(resource.blob)}]`;
  return `[resource ${uri}]`;
}

function describeBytes(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((base64.length * 3) / 4) - padding;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
