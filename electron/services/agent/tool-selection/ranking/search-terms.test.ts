import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../../../shared/tools/tool-definition';
import { lexicalIndexFor } from './lexical-index';
import { sharedPairs, indexWords, wordPairs } from './phrase-bonus';
import { porterStem } from './porter-stemmer';
import { processQueryTerm, processTerm, rewriteQuery } from './search-terms';

function definition(name: string, description: string): ToolDefinition {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties: {}, required: [] } } };
}

describe('the Porter stemmer', () => {
  it('gives the published stems of the paper’s examples', () => {
    const examples: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['agreed', 'agre'],
      ['plastered', 'plaster'],
      ['motoring', 'motor'],
      ['conflated', 'conflat'],
      ['hopping', 'hop'],
      ['filing', 'file'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['digitizer', 'digit'],
      ['hopefulness', 'hope'],
      ['formalize', 'formal'],
      ['electrical', 'electr'],
      ['adjustment', 'adjust'],
      ['adoption', 'adopt'],
      ['effective', 'effect'],
      ['controll', 'control'],
      ['generalizations', 'gener'],
      ['oscillators', 'oscil'],
    ];
    expect(examples.map(([word]) => porterStem(word))).toEqual(examples.map(([, stem]) => stem));
  });

  it('brings inflections and British spellings home: multiplied, multiply; summarised, summarize', () => {
    expect(processTerm('multiplied')).toBe(processTerm('multiply'));
    expect(processTerm('summarised')).toBe(processTerm('summarize'));
    expect(processTerm('Created')).toBe(processTerm('create'));
    expect(porterStem('x-ray')).toBe('x-ray');
  });
});

describe('query rewriting', () => {
  it('reads symbols as the words they stand for, a file name as a file and a web address as a url', () => {
    expect(rewriteQuery('What is 17.5% of 12*3?')).toMatch(/percent.*times/);
    expect(rewriteQuery('What is in notes/todo.txt?')).toContain(' file ');
    expect(rewriteQuery('Fetch https://example.com/a and read it')).toContain(' url ');
    expect(rewriteQuery('add it to my to-do list')).toContain(' todo ');
  });

  it('weighs a synonym the table added less than the word itself, and counts neighbouring pairs', () => {
    expect(processQueryTerm('percent')).toEqual(expect.arrayContaining([processTerm('percent'), 'math']));
    const pairs = wordPairs(indexWords('the share price of a ticker'));
    expect(sharedPairs(wordPairs(indexWords('share price')), pairs)).toBe(1);
    expect(sharedPairs(wordPairs(indexWords('price share')), pairs)).toBe(0);
  });
});

describe('the lexical index with usage instructions and word pairs', () => {
  const tools = [
    definition('quote', 'Get the latest share price of a ticker symbol.'),
    definition('upload', 'Share a file with people at a fixed price per viewer.'),
    definition('calculate', 'Evaluate an expression.'),
  ];

  it('finds a tool by words only its usage instructions have', () => {
    expect(lexicalIndexFor(tools).rank('parentheses please')).not.toContain('calculate');
    const usage = new Map([['calculate', 'It understands parentheses and functions.']]);
    expect(lexicalIndexFor(tools, usage).rank('parentheses please')[0]).toBe('calculate');
  });

  it('ranks first the tool that has the request’s words side by side', () => {
    expect(lexicalIndexFor(tools).rank('what is the share price of ACME')[0]).toBe('quote');
  });
});
