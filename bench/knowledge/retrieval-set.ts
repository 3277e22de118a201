/**
 * Labelled questions over the project's own docs/ folder (shipped with the repository, same
 * licence): each names the file and a phrase of the passage that answers it. Questions are worded
 * as a user would ask, not copied from the passage. A label whose phrase no longer is in its file
 * fails the bench (the docs changed: fix the label), it never counts as a miss.
 */
export interface LabelledQuestion {
  question: string;
  /** The file the answer is in (some facts are in two: either counts). */
  files: string[];
  /** Text the answering passage contains. */
  contains: string;
}

export const RETRIEVAL_SET: readonly LabelledQuestion[] = [
  { question: 'how many CPU threads does the built-in engine use', files: ['built-in-engine.md'], contains: 'DEFAULTS.engine.threads' },
  { question: 'what does the local API answer for a GGUF model run in-process', files: ['built-in-engine.md'], contains: 'answers 501' },
  {
    question: 'what happens when keep_alive is a bare number like "300"',
    files: ['model-servers.md', 'compatibility.md'],
    contains: 'Go duration',
  },
  {
    question: 'does Ollama silently drop old messages when the context is too small',
    files: ['model-servers.md', 'compatibility.md'],
    contains: 'chatPrompt',
  },
  {
    question: 'vLLM with Mistral rejects tool call ids, what ids do we send',
    files: ['model-servers.md', 'compatibility.md'],
    contains: '9 alphanumerics',
  },
  { question: 'why do side requests send think false', files: ['model-servers.md', 'compatibility.md'], contains: 'think: false' },
  { question: 'how does an MCP server ask the user for input during a call', files: ['mcp.md'], contains: 'Elicitation' },
  { question: 'OAuth login for a remote MCP server', files: ['mcp.md'], contains: 'OAuth 2.1' },
  { question: 'which Electron fuses are flipped in the packaged app', files: ['security.md'], contains: 'Fuses' },
  { question: 'are remote images in a model answer loaded automatically', files: ['security.md'], contains: 'Remote images' },
  { question: 'where is the content security policy defined', files: ['security.md'], contains: 'content-security-policy.ts' },
  { question: 'electronegativity check of the Electron configuration', files: ['security.md'], contains: 'Electronegativity' },
  { question: 'how is a skill loaded into the conversation on demand', files: ['skills.md'], contains: 'load_skill' },
  { question: 'how is a skill installed from a folder or archive', files: ['skills.md'], contains: 'skill-installer.ts' },
  {
    question: 'how does TACO know which project a conversation belongs to',
    files: ['conversations-and-projects.md'],
    contains: 'projectId',
  },
  { question: 'pinned conversations in the sidebar', files: ['conversations-and-projects.md'], contains: 'pinned conversations' },
  {
    question: 'which files are never indexed in a knowledge folder, like keys and passwords',
    files: ['knowledge-and-memory.md'],
    contains: 'secret places under HOME',
  },
  { question: 'how are PDF files split into passages for knowledge search', files: ['knowledge-and-memory.md'], contains: 'PDF by page' },
  { question: 'how are lexical and vector results merged', files: ['knowledge-and-memory.md'], contains: 'reciprocal rank fusion' },
  {
    question: 'which tools are offered to a small model when there are many tools',
    files: ['tools-and-workflows.md'],
    contains: 'Tool selection',
  },
];
