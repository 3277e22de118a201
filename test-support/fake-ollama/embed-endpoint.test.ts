import { Ollama } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEmbedding, FAKE_EMBEDDING_DIMENSIONS } from './embed-endpoint';
import { startFakeOllama, type FakeOllama } from './fake-ollama-server';
import { reply } from './reply-builders';
import type { Scenario } from './scenario-types';
import { nomicEmbed, standardModels } from './scenarios/models/standard-models';

let fake: FakeOllama | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const scenario = (extra: Partial<Scenario> = {}): Scenario => ({
  name: 'embed',
  description: 'embeddings',
  models: [...standardModels(), nomicEmbed],
  replies: [reply.text('ok')],
  ...extra,
});

describe('fake Ollama POST /api/embed (through the real ollama client)', () => {
  it('answers {model, input: string | string[]} with {model, embeddings: number[][]}, deterministic and normalised', async () => {
    fake = await startFakeOllama({ scenario: scenario() });
    const client = new Ollama({ host: fake.url });

    const many = await client.embed({ model: nomicEmbed.name, input: ['list git branches', 'send an email'] });
    expect(many.model).toBe(nomicEmbed.name);
    expect(many.embeddings).toHaveLength(2);
    expect(many.embeddings[0]).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    expect(many.embeddings[0]).toEqual(fakeEmbedding('list git branches'));
    const one = await client.embed({ model: nomicEmbed.name, input: 'list git branches' });
    expect(one.embeddings).toEqual([many.embeddings[0]]);
    expect(Math.hypot(...(one.embeddings[0] ?? []))).toBeCloseTo(1, 10);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/embed',
      body: expect.objectContaining({ model: nomicEmbed.name, input: 'list git branches' }),
    });
  });

  it('texts that share words are closer than texts that do not', () => {
    const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
    const query = fakeEmbedding('show the git branches');
    expect(dot(query, fakeEmbedding('List the git branches of a repository'))).toBeGreaterThan(
      dot(query, fakeEmbedding('Send an email message')),
    );
  });

  it('refuses an unknown model (404), a model without embeddings (400), and fails as scripted', async () => {
    fake = await startFakeOllama({ scenario: scenario() });
    const client = new Ollama({ host: fake.url });
    await expect(client.embed({ model: 'nope', input: 'x' })).rejects.toMatchObject({ status_code: 404 });
    await expect(client.embed({ model: 'llama3.2:3b', input: 'x' })).rejects.toMatchObject({ status_code: 400 });
    fake.setScenario(scenario({ embed: { error: { status: 500, message: 'embedding runner crashed' } } }));
    await expect(client.embed({ model: nomicEmbed.name, input: 'x' })).rejects.toThrow('embedding runner crashed');
  });
});
