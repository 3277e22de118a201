/**
 * A few hundred byte-pair merges learnt from a short sample of the words TACO's prompts are made
 * of (instructions, tool schemas, JSON), so a tiny model's prompt takes about a third of the
 * tokens a bare byte vocabulary needs. Tokens are GPT-2 byte characters (`byteChars`), merges
 * are "left right" as `tokenizer.ggml.merges` stores them.
 */
const SAMPLE = `You are TACO, a helpful assistant. You can call tools to do the task the user asks for.
Use the tools when they help; answer in plain words when the task is done. Read the file before you
write it. The user approves every action that changes files or runs a command. Think about the
request, plan the next steps, and stop when the goal is reached. If something is unclear, ask the user.
{"type": "function", "function": {"name": "list_directory", "description": "List the files and folders
in a directory of the workspace", "parameters": {"type": "object", "properties": {"path": {"type":
"string", "description": "The path of the folder, relative to the workspace"}}, "required": ["path"]}}}
{"type": "function", "function": {"name": "read_file", "description": "Read a text file", "parameters":
{"type": "object", "properties": {"path": {"type": "string"}, "offset": {"type": "integer"}, "limit":
{"type": "integer", "description": "The number of lines to read"}}, "required": ["path"]}}}
{"name": "search_files", "arguments": {"query": "string", "pattern": "*.ts"}} delegate_task handoff
plan_next_steps stop_and_think ask_user find_tools write_file run_command edit_file web_search fetch_url
calculate memory documents question answer result error message content conversation context model
<tools></tools> <tool_call></tool_call> <tool_response></tool_response> system user assistant
For each function call, return a json object with function name and arguments within XML tags.
This is the current date and the operating system. The working folder is where the files are.
Keep answers short and accurate; never invent a path, a file or a result; say what you did.`;

export function byteChars(): string[] {
  const printable = (b: number): boolean => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  let shifted = 0;
  return Array.from({ length: 256 }, (_, b) => String.fromCodePoint(printable(b) ? b : 256 + shifted++));
}

/** Learns `count` merges from the sample: each word (with its leading space) is split in byte characters, the commonest pair merged first. */
export function learnMerges(count: number): { merges: string[]; tokens: string[] } {
  const chars = byteChars();
  const counts = new Map<string, number>();
  for (const word of SAMPLE.match(/ ?[A-Za-z_]+| ?[0-9]+| ?[^\sA-Za-z0-9_]+|\s+/g) ?? []) {
    const key = [...Buffer.from(word, 'utf8')].map((b) => chars[b]).join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let words = [...counts].map(([key, n]) => ({ parts: key.split('\u0000'), n }));
  const merges: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const pairs = new Map<string, number>();
    for (const { parts, n } of words)
      for (let j = 0; j + 1 < parts.length; j++) {
        const pair = `${parts[j]} ${parts[j + 1]}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + n);
      }
    let best: string | null = null;
    let bestCount = 1;
    for (const [pair, n] of pairs) if (n > bestCount) [best, bestCount] = [pair, n];
    if (best === null) break;
    const [left = '', right = ''] = best.split(' ');
    merges.push(best);
    tokens.push(left + right);
    words = words.map(({ parts, n }) => {
      const next: string[] = [];
      for (let j = 0; j < parts.length; j++)
        if (parts[j] === left && parts[j + 1] === right) {
          next.push(left + right);
          j++;
        } else next.push(parts[j] ?? '');
      return { parts: next, n };
    });
  }
  return { merges, tokens };
}
