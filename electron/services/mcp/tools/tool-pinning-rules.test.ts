import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { serverLocation } from '../config/server-location';
import { createToolPins, definitionHash, fingerprint, PINS_FILE_NAME, type PinnedServer } from './tool-pinning';

/** The pins alone (no server): what counts as a change, what is kept on disk, and what each verb does. */
const cleanups = cleanupAfterEach();
const tool = (extra: Partial<Tool> = {}): Tool => ({
  name: 'shout',
  description: 'Upper-cases a text.',
  inputSchema: { type: 'object' },
  ...extra,
});
const onDisk = (dir: string): unknown => JSON.parse(readFileSync(path.join(dir, PINS_FILE_NAME), 'utf8'));
/** A server named `name`, at its own address unless one is given. */
const at = (name: string, url = `http://127.0.0.1:3000/${name}`): PinnedServer => ({ name, location: serverLocation({ url }) });
/** The file as written: pins per location, no names left from an older file. */
const file = (locations: Record<string, unknown>) => ({ version: 2, locations, unplaced: [] });

describe('what a pin compares', () => {
  it('each reviewed part on its own: the title counts as description, a schema, an annotation', async () => {
    const pins = createToolPins(cleanups.tempDir('taco-pins-'));
    await pins.review(at('s'), [tool()]);
    const changes = await pins.review(at('s'), [tool({ name: 'shout', title: 'Run anything' }), tool({ name: 'other' })]);
    expect(changes).toEqual(
      new Map([
        ['shout', ['description']],
        ['other', ['new tool']],
      ]),
    );
    expect(await pins.review(at('s'), [tool({ inputSchema: { type: 'object', properties: { x: { type: 'string' } } } })])).toEqual(
      new Map([['shout', ['input schema']]]),
    );
    expect(await pins.review(at('s'), [tool({ annotations: { destructiveHint: false } })])).toEqual(new Map([['shout', ['annotations']]]));
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
    await createToolPins(dir).review(at('s'), [tool()]);
    expect(onDisk(dir)).toEqual(file({ [at('s').location]: { shout: fingerprint(tool()) } }));
    expect(await createToolPins(dir).review(at('s'), [tool({ description: 'changed' })])).toEqual(new Map([['shout', ['description']]]));
  });

  it('an unreadable or non-object file is no pins: the server is pinned afresh', async () => {
    for (const content of ['not json', '[]', 'null', '"text"']) {
      const dir = cleanups.tempDir('taco-pins-');
      writeFileSync(path.join(dir, PINS_FILE_NAME), content);
      expect(await createToolPins(dir).review(at('s'), [tool()])).toEqual(new Map());
      expect(onDisk(dir)).toEqual(file({ [at('s').location]: { shout: fingerprint(tool()) } }));
    }
  });

  it('a server or tool named after an Object property is pinned like any other', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    expect(await pins.review(at('constructor'), [tool({ name: 'toString' })])).toEqual(new Map());
    expect(await pins.review(at('constructor'), [tool({ name: 'toString' }), tool({ name: 'hasOwnProperty' })])).toEqual(
      new Map([['hasOwnProperty', ['new tool']]]),
    );
    expect(onDisk(dir)).toEqual(file({ [at('constructor').location]: { toString: fingerprint(tool({ name: 'toString' })) } }));
  });
});

describe('accept, reset, forget', () => {
  it('accept re-pins the tools given and keeps the others', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.review(at('s'), [tool(), tool({ name: 'keep' })]);
    await pins.accept(at('s'), [tool({ description: 'new words' })]);
    expect(onDisk(dir)).toEqual(
      file({ [at('s').location]: { shout: fingerprint(tool({ description: 'new words' })), keep: fingerprint(tool({ name: 'keep' })) } }),
    );
    await pins.accept(at('fresh'), [tool()]);
    expect(await createToolPins(dir).review(at('fresh'), [tool()])).toEqual(new Map());
  });

  it('reset leaves the server pinned with nothing reviewed: every tool is new until accepted', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.review(at('s'), [tool()]);
    await pins.reset(at('s'));
    expect(onDisk(dir)).toEqual(file({ [at('s').location]: {} }));
    expect(await pins.review(at('s'), [tool()])).toEqual(new Map([['shout', ['new tool']]]));
  });

  it('forget drops the server’s pins (on disk too), so a server added later under its name is pinned afresh', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.review(at('s'), [tool()]);
    await pins.review(at('t'), [tool()]);
    await pins.forget(at('s'));
    expect(onDisk(dir)).toEqual(file({ [at('t').location]: { shout: fingerprint(tool()) } }));
    expect(await pins.review(at('s'), [tool({ description: 'other' })])).toEqual(new Map());
  });

  it('forgetting an unknown server writes nothing', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    await pins.forget(at('nobody'));
    expect(() => readFileSync(path.join(dir, PINS_FILE_NAME))).toThrow();
  });

  it('runs one change at a time, in order, and a failed one does not stop the next', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    const first = pins.review(at('s'), [tool()]);
    const reset = pins.reset(at('s'));
    const afterReset = pins.review(at('s'), [tool()]);
    expect(await first).toEqual(new Map());
    await reset;
    expect(await afterReset).toEqual(new Map([['shout', ['new tool']]]));
    const broken = pins.review(at('s'), null as unknown as Tool[]);
    await expect(broken).rejects.toThrow();
    expect(await pins.review(at('s'), [tool()])).toEqual(new Map([['shout', ['new tool']]]));
  });
});

describe('pins per location', () => {
  it('the same name at another address or command has pins of its own; what is accepted there does not count here', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    const home = at('s', 'https://home.example/mcp');
    const moved = at('s', 'https://elsewhere.example/mcp');
    const local: PinnedServer = { name: 's', location: serverLocation({ command: 'npx', args: ['s-server'] }) };
    await pins.review(home, [tool()]);
    expect(await pins.review(moved, [tool({ description: 'other words' })])).toEqual(new Map());
    await pins.accept(moved, [tool({ description: 'other words' }), tool({ name: 'extra' })]);
    expect(await pins.review(home, [tool({ description: 'other words' }), tool({ name: 'extra' })])).toEqual(
      new Map([
        ['shout', ['description']],
        ['extra', ['new tool']],
      ]),
    );
    expect(await pins.review(local, [tool({ name: 'extra' })])).toEqual(new Map());
    expect(Object.keys((onDisk(dir) as { locations: object }).locations).sort()).toEqual(
      [home.location, moved.location, local.location].sort(),
    );
  });

  it('two names at one location share its pins; forget drops that location only', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const pins = createToolPins(dir);
    const location = serverLocation({ url: 'https://one.example/mcp' });
    await pins.review({ name: 'a', location }, [tool()]);
    expect(await pins.review({ name: 'b', location }, [tool({ description: 'changed' })])).toEqual(new Map([['shout', ['description']]]));
    await pins.review(at('other'), [tool()]);
    await pins.forget({ name: 'a', location });
    expect(onDisk(dir)).toEqual(file({ [at('other').location]: { shout: fingerprint(tool()) } }));
  });
});

describe('a pins file kept by server name (before pins were kept per location)', () => {
  const oldFile = (dir: string, content: unknown): void => writeFileSync(path.join(dir, PINS_FILE_NAME), JSON.stringify(content));

  it('its pins apply nowhere: the name, next seen at any location without pins, asks for every tool; once', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    oldFile(dir, { s: { shout: fingerprint(tool()) }, t: { shout: fingerprint(tool()) }, broken: 'not pins' });
    const pins = createToolPins(dir);
    expect(await pins.review(at('s'), [tool(), tool({ name: 'other' })])).toEqual(
      new Map([
        ['shout', ['new tool']],
        ['other', ['new tool']],
      ]),
    );
    expect(onDisk(dir)).toEqual({ version: 2, locations: { [at('s').location]: {} }, unplaced: ['t'] });
    // Its location is pinned now (with nothing reviewed): the same name at yet another address is a new server.
    expect(await pins.review(at('s', 'https://new.example/mcp'), [tool()])).toEqual(new Map());
    expect(await createToolPins(dir).review(at('s'), [tool()])).toEqual(new Map([['shout', ['new tool']]]));
  });

  it('a name met at a location that has pins stays unplaced; accept, reset and forget each settle it', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    oldFile(dir, { a: {}, b: {}, c: {}, d: {} });
    const pins = createToolPins(dir);
    const shared = at('shared');
    await pins.accept(shared, [tool()]);
    expect(await pins.review({ name: 'd', location: shared.location }, [tool()])).toEqual(new Map());
    await pins.accept(at('a'), [tool()]);
    await pins.reset(at('b'));
    await pins.forget(at('c'));
    expect(onDisk(dir)).toEqual({
      version: 2,
      locations: {
        [shared.location]: { shout: fingerprint(tool()) },
        [at('a').location]: { shout: fingerprint(tool()) },
        [at('b').location]: {},
      },
      unplaced: ['d'],
    });
    expect(await pins.review(at('a'), [tool()])).toEqual(new Map());
  });

  it('a version-2 file is read as it is, entries of the wrong shape left out', async () => {
    const dir = cleanups.tempDir('taco-pins-');
    const good = at('good').location;
    oldFile(dir, { version: 2, locations: { [good]: { shout: fingerprint(tool()) }, [at('bad').location]: ['x'] }, unplaced: ['u', 3] });
    expect(await createToolPins(dir).review(at('good'), [tool({ description: 'changed' })])).toEqual(new Map([['shout', ['description']]]));
    expect(await createToolPins(dir).review(at('bad'), [tool()])).toEqual(new Map());
    expect(await createToolPins(dir).review(at('u'), [tool()])).toEqual(new Map([['shout', ['new tool']]]));
    expect((onDisk(dir) as { unplaced: unknown }).unplaced).toEqual([]);
    oldFile(dir, { version: 2, locations: null, unplaced: ['u'] });
    expect(await createToolPins(dir).review(at('u'), [tool()])).toEqual(new Map([['shout', ['new tool']]]));
    oldFile(dir, { version: 2, locations: { [at('u').location]: null }, unplaced: [] });
    expect(await createToolPins(dir).review(at('u'), [tool()])).toEqual(new Map());
    for (const broken of [{ version: 2 }, { version: 2, locations: [], unplaced: 'u' }]) {
      oldFile(dir, broken);
      expect(await createToolPins(dir).review(at('u'), [tool()])).toEqual(new Map());
      expect(onDisk(dir)).toEqual(file({ [at('u').location]: { shout: fingerprint(tool()) } }));
    }
  });
});
