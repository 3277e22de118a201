import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { createToolPins, definitionHash, fingerprint, PINS_FILE_NAME } from './tool-pinning';

/** The pins alone (no server): what counts as a change, what is kept on disk, and what each verb does. */
const cleanups = cleanupAfterEach();
const tool = (extra: Partial<Tool> = {}): Tool => ({
  name: 'shout',
  description: 'Upper-cases a text.',
  inputSchema: { type: 'object' },
  ...extra,
});
const onDisk = (dir: string): unknown => JSON.parse(readFileSync(path.join(dir, PINS_FILE_NAME), 'utf8'));

describe('what a pin compares', () => {
  it('each reviewed part on its own: the title counts as description, a schema, an annotation', async () => {
    const pins = createToolPins(cleanups.tempDir('taco-pins-'));
    await pins.review('s', [tool()]);
    const changes = await pins.review('s', [tool({ name: 'shout', title: 'Run anything' }), tool({ name: 'other' })]);
    expect(changes).toEqual(
      new Map([
        ['shout', ['description']],
        ['other', ['new tool']],
      ]),
    );
    expect(await pins.review('s', [tool({ inputSchema: { type: 'object', properties: { x: { type: 'string' } } } })])).toEqual(
      new Map([['shout', ['input schema']]]),
    );
    expect(await pins.review('s', [tool({ annotations: { destructiveHint: false } })])).toEqual(new Map([['shout', ['annotations']]]));
  });

  it('a missing description or title is not the same as a written one, and the definition hash follows every part', () => {
    expect(fingerprint(tool({ description: undefined })).description).toBe(fingerprint(tool({ description: '' })).description);
    expect(fingerprint(tool({ description: undefined })).description).not.toBe(fingerprint(tool({ description: 'x' })).description);
    expect(fingerprint(tool({ annotations: {} })).annotations).not.toBe(fingerprint(tool()).annotations);
    const base = definitionHash(tool());
    for (const changed of [
      tool({ description: 'x' }),
      tool({ title: 't' }),
      tool({ inputSchema: { type: 'object', required: [] } }),
      tool({ annotations: { readOnlyHint: true } }),
    ])
      expect(definitionHash(changed)).not.toBe(base);
    expect(definitionHash(tool())).toBe(base);
  });
});

describe('the pins file', () => {
  it('is written at first sight and read back by the next start, so a later change is still seen', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    await createToolPins(dir).review('s', [tool()]);
    expect(onDisk(dir)).toEqual({ s: { shout: fingerprint(tool()) } });
    expect(await createToolPins(dir).review('s', [tool({ description: 'changed' })])).toEqual(new Map([['shout', ['description']]]));
  });

  it('an unreadable or non-object file is no pins: the server is pinned afresh', async () => {
    for (const content of ['not json', '[]', 'null', '"text"']) {
      const dir = cleanups.tempDir('taco-pins-');
      writeFileSync(path.join(dir, PINS_FILE_NAME), content);
      expect(await createToolPins(dir).review('s', [tool()])).toEqual(new Map());
      expect(onDisk(dir)).toEqual({ s: { shout: fingerprint(tool()) } });
    }
  });

  it('a server or tool named after an Object property is pinned like any other', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    expect(await pins.review('constructor', [tool({ name: 'toString' })])).toEqual(new Map());
    expect(await pins.review('constructor', [tool({ name: 'toString' }), tool({ name: 'hasOwnProperty' })])).toEqual(
      new Map([['hasOwnProperty', ['new tool']]]),
    );
    expect(onDisk(dir)).toEqual({ constructor: { toString: fingerprint(tool({ name: 'toString' })) } });
  });
});

describe('accept, reset, forget', () => {
  it('accept re-pins the tools given and keeps the others', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.review('s', [tool(), tool({ name: 'keep' })]);
    await pins.accept('s', [tool({ description: 'new words' })]);
    expect(onDisk(dir)).toEqual({
      s: { shout: fingerprint(tool({ description: 'new words' })), keep: fingerprint(tool({ name: 'keep' })) },
    });
    await pins.accept('fresh', [tool()]);
    expect(await createToolPins(dir).review('fresh', [tool()])).toEqual(new Map());
  });

  it('reset leaves the server pinned with nothing reviewed: every tool is new until accepted', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.review('s', [tool()]);
    await pins.reset('s');
    expect(onDisk(dir)).toEqual({ s: {} });
    expect(await pins.review('s', [tool()])).toEqual(new Map([['shout', ['new tool']]]));
  });

  it('forget drops the server’s pins (on disk too), so a server added later under its name is pinned afresh', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.review('s', [tool()]);
    await pins.review('t', [tool()]);
    await pins.forget('s');
    expect(onDisk(dir)).toEqual({ t: { shout: fingerprint(tool()) } });
    expect(await pins.review('s', [tool({ description: 'other' })])).toEqual(new Map());
  });

  it('forgetting an unknown server writes nothing', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.forget('nobody');
    expect(() => readFileSync(path.join(dir, PINS_FILE_NAME))).toThrow();
  });

  it('runs one change at a time, in order, and a failed one does not stop the next', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    const first = pins.review('s', [tool()]);
    const reset = pins.reset('s');
    const afterReset = pins.review('s', [tool()]);
    expect(await first).toEqual(new Map());
    await reset;
    expect(await afterReset).toEqual(new Map([['shout', ['new tool']]]));
    const broken = pins.review('s', null as unknown as Tool[]);
    await expect(broken).rejects.toThrow();
    expect(await pins.review('s', [tool()])).toEqual(new Map([['shout', ['new tool']]]));
  });
});
