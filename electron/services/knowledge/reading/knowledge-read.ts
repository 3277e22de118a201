import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import { codeBlocks, markdownBlocks, packBlocks, plainBlocks, type Block, type Chunk } from './knowledge-chunk';
import { htmlBlocks } from './knowledge-html';
import { errorWords, type WalkedFile } from './knowledge-walk';

/** A file's chunks, or why it is not in the index. */
export type FileChunks = { type: 'chunks'; chunks: Chunk[] } | { type: 'skipped'; reason: string };

export type KnowledgeFormat = 'markdown' | 'code' | 'html' | 'pdf' | 'docx' | 'text';

const MARKDOWN = new Set(['.md', '.markdown', '.mdx', '.rst', '.adoc']);
const HTML = new Set(['.html', '.htm', '.xhtml']);
const CODE = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.py',
  '.go',
  '.rs',
  '.java',
  '.kt',
  '.kts',
  '.swift',
  '.c',
  '.h',
  '.cc',
  '.cpp',
  '.hpp',
  '.cs',
  '.rb',
  '.php',
  '.scala',
  '.sh',
  '.bash',
  '.zsh',
  '.lua',
  '.pl',
  '.r',
  '.sql',
  '.dart',
  '.ex',
  '.exs',
  '.vue',
  '.svelte',
]);
/** Formats that are certainly not text: skipped by name, never read. */
const BINARY = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.bmp',
  '.ico',
  '.tiff',
  '.zip',
  '.gz',
  '.tgz',
  '.bz2',
  '.xz',
  '.7z',
  '.rar',
  '.tar',
  '.exe',
  '.dll',
  '.so',
  '.dylib',
  '.bin',
  '.o',
  '.a',
  '.class',
  '.jar',
  '.wasm',
  '.mp3',
  '.mp4',
  '.mov',
  '.avi',
  '.mkv',
  '.wav',
  '.flac',
  '.ogg',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.sqlite',
  '.db',
  '.gguf',
  '.safetensors',
  '.pt',
  '.onnx',
  '.doc',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.iso',
  '.dmg',
]);

/** What a file is read as, by its extension; null: a format the index does not read. */
export function formatOf(file: string): KnowledgeFormat | null {
  const ext = path.extname(file).toLowerCase();
  if (MARKDOWN.has(ext)) return 'markdown';
  if (HTML.has(ext)) return 'html';
  if (CODE.has(ext)) return 'code';
  if (ext === '.pdf') return 'pdf';
  if (ext === '.docx') return 'docx';
  if (BINARY.has(ext)) return null;
  return 'text';
}

/**
 * Reads and chunks one file. Never throws: a file that is too large, binary, corrupt, or gone by
 * the time it is read becomes `skipped` with the reason in words.
 */
export async function readFileChunks(file: WalkedFile, maxBytes: number = DEFAULTS.knowledge.maxFileBytes): Promise<FileChunks> {
  const format = formatOf(file.relative);
  if (format === null) return { type: 'skipped', reason: 'not a format the index reads (text, markdown, code, HTML, PDF, DOCX)' };
  if (file.size > maxBytes)
    return { type: 'skipped', reason: `larger than ${Math.round(maxBytes / (1024 * 1024))} MB (${megabytes(file.size)} MB)` };
  let bytes: Buffer;
  try {
    bytes = await readFile(file.absolute);
  } catch (error) {
    return { type: 'skipped', reason: `could not be read: ${errorWords(error)}` };
  }
  if (bytes.length > maxBytes) return { type: 'skipped', reason: `larger than ${Math.round(maxBytes / (1024 * 1024))} MB` };
  try {
    return { type: 'chunks', chunks: await chunksOf(format, bytes) };
  } catch (error) {
    return {
      type: 'skipped',
      reason: error instanceof UnreadableFile ? error.message : `could not be read as ${format}: ${errorWords(error)}`,
    };
  }
}

class UnreadableFile extends Error {}

async function chunksOf(format: KnowledgeFormat, bytes: Buffer): Promise<Chunk[]> {
  switch (format) {
    case 'pdf':
      return pdfChunks(bytes);
    case 'docx':
      return docxChunks(bytes);
    case 'markdown':
      return packBlocks(markdownBlocks(textOf(bytes)));
    case 'html':
      return packBlocks(htmlBlocks(textOf(bytes)));
    case 'code':
      return packBlocks(codeBlocks(textOf(bytes)));
    case 'text':
      return packBlocks(plainBlocks(textOf(bytes)));
  }
}

/** UTF-8 text, or an UnreadableFile for bytes that are not text (a NUL byte, or over 1% of the bytes undecodable). */
export function textOf(bytes: Buffer): string {
  if (bytes.subarray(0, 64 * 1024).includes(0)) throw new UnreadableFile('binary content (not text)');
  const text = bytes.toString('utf8');
  let bad = 0;
  for (let index = text.indexOf('\uFFFD'); index >= 0; index = text.indexOf('\uFFFD', index + 1)) bad += 1;
  if (bad > Math.max(8, text.length / 100)) throw new UnreadableFile('binary content (not UTF-8 text)');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

async function pdfChunks(bytes: Buffer): Promise<Chunk[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    pages = (await extractText(pdf, { mergePages: false })).text;
    await pdf.loadingTask.destroy();
  } catch (error) {
    throw new UnreadableFile(`not a readable PDF: ${error instanceof Error ? error.message : String(error)}`);
  }
  const blocks: Block[] = pages.flatMap((page, index) =>
    plainBlocks(page.replace(/[ \t]*\n[ \t]*\n/g, '\n\n')).map((block) => ({ ...block, section: index + 1 })),
  );
  return packBlocks(blocks, (block) => ({ kind: 'page', page: block.section }));
}

async function docxChunks(bytes: Buffer): Promise<Chunk[]> {
  const mammoth = await import('mammoth');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (error) {
    throw new UnreadableFile(`not a readable DOCX: ${error instanceof Error ? error.message : String(error)}`);
  }
  // mammoth writes one line; the structure is the headings: a passage is found by its section
  // (numbered from 1; text before the first heading, when there is any, is section 1).
  const blocks = htmlBlocks(html);
  const preamble = blocks.some((block) => block.section === 0) ? 1 : 0;
  return packBlocks(blocks, (block) => ({ kind: 'section', index: block.section + preamble }));
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
