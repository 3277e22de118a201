import { fileURLToPath } from 'node:url';
import { KnowledgeBase, type Embedder } from '../../electron/services/knowledge/knowledge-base';
import type { IndexedChunk } from '../../electron/services/knowledge/knowledge-index';
import { reciprocalRankFusion } from '../../electron/services/knowledge/rank-fusion';
import { DEFAULTS } from '../../shared/constants';
import type { BenchLog, Samples } from '../report/bench-figures';
import { RETRIEVAL_SET, type LabelledQuestion } from './retrieval-set';

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
const DEPTH = 10;

/**
 * An Ollama embedding model when one is named (TACO_BENCH_EMBED_MODEL, at OLLAMA_HOST or the
 * default port); null otherwise: the vector and hybrid rankings are then not measured.
 */
function benchEmbedder(): Embedder | null {
  const model = process.env.TACO_BENCH_EMBED_MODEL?.trim();
  if (!model) return null;
  const host = (process.env.OLLAMA_HOST ?? 'http://127.0.0.1:11434').replace(/\/$/, '');
  return {
    key: `ollama:${model}`,
    async embed(texts, signal) {
      const response = await fetch(`${host}/api/embed`, {
        method: 'POST',
        body: JSON.stringify({ model, input: texts }),
        signal: signal ?? null,
      });
      if (!response.ok) throw new Error(`${host}/api/embed answered ${response.status}`);
      return ((await response.json()) as { embeddings: number[][] }).embeddings;
    },
  };
}

export interface RetrievalScores {
  recallAt5: number;
  mrr: number;
}

/** recall@5 and MRR (0 past rank 10) of one ranking over the labelled questions. */
export function scoreRankings(set: readonly LabelledQuestion[], rankings: ReadonlyArray<readonly IndexedChunk[]>): RetrievalScores {
  let found = 0;
  let reciprocal = 0;
  set.forEach((label, n) => {
    const rank = rankings[n]!.slice(0, DEPTH).findIndex((chunk) => answers(label, chunk));
    if (rank >= 0 && rank < 5) found += 1;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  });
  return { recallAt5: found / set.length, mrr: reciprocal / set.length };
}

function answers(label: LabelledQuestion, chunk: IndexedChunk): boolean {
  return label.files.includes(chunk.file) && chunk.text.includes(label.contains);
}

/**
 * knowledge_lexical_recall_at_5 / knowledge_lexical_mrr: the labelled questions over docs/,
 * indexed by the product's own reader, chunker and BM25. With an embedding model named, the
 * vector and hybrid rankings are measured too and logged (no budget: they depend on the model).
 */
export async function runRetrievalBench(options: BenchLog): Promise<Samples> {
  const base = new KnowledgeBase({ watch: false });
  await base.addFolder(DOCS);
  await base.whenIdle();
  const all = [...Array(base.index.size + 1000).keys()].flatMap((id) => base.index.get(id) ?? []);
  const stale = RETRIEVAL_SET.filter((label) => !all.some((chunk) => answers(label, chunk)));
  if (stale.length > 0) throw new Error(`labels no passage of docs/ answers any more: ${stale.map((label) => label.question).join('; ')}`);
  const lookup = (ids: number[]): IndexedChunk[] => ids.flatMap((id) => base.index.get(id) ?? []);
  const lexical = RETRIEVAL_SET.map((label) => lookup(base.index.lexicalRanking(label.question, DEFAULTS.knowledge.candidatesPerRanking)));
  const lexicalScores = scoreRankings(RETRIEVAL_SET, lexical);
  options.log(
    `retrieval: ${RETRIEVAL_SET.length} questions over ${base.index.size} passages of docs/; lexical recall@5 ${lexicalScores.recallAt5.toFixed(2)}, MRR ${lexicalScores.mrr.toFixed(2)}`,
  );
  const embedder = benchEmbedder();
  if (!embedder) {
    options.log('retrieval: vector and hybrid not measured (no embedding model: set TACO_BENCH_EMBED_MODEL to an Ollama embedding model)');
  } else {
    await base.ensureEmbedded(embedder);
    const queryVectors = await embedder.embed(RETRIEVAL_SET.map((label) => label.question));
    const vector = queryVectors.map((query) => lookup(base.index.vectorRanking(query, DEFAULTS.knowledge.candidatesPerRanking)));
    const hybrid = RETRIEVAL_SET.map((_, n) =>
      lookup(
        reciprocalRankFusion([lexical[n]!.map((chunk) => chunk.id), vector[n]!.map((chunk) => chunk.id)], DEFAULTS.knowledge.rrfK).map(
          (hit) => hit.id,
        ),
      ),
    );
    for (const [name, rankings] of [
      ['vector', vector],
      ['hybrid', hybrid],
    ] as const) {
      const scores = scoreRankings(RETRIEVAL_SET, rankings);
      options.log(`retrieval: ${name} (${embedder.key}) recall@5 ${scores.recallAt5.toFixed(2)}, MRR ${scores.mrr.toFixed(2)}`);
    }
  }
  const samples: Samples = { knowledge_lexical_recall_at_5: [], knowledge_lexical_mrr: [] };
  for (let run = 0; run < options.runs; run += 1) {
    samples.knowledge_lexical_recall_at_5!.push(lexicalScores.recallAt5);
    samples.knowledge_lexical_mrr!.push(lexicalScores.mrr);
  }
  return samples;
}
