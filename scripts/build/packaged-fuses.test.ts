import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Packages a stand-in app with the real build/electron-builder.yml (`--dir`, offline) around a
 * stub "Electron" that carries only a fuse wire (Electron 45's defaults), then reads the packaged
 * binary's wire with @electron/fuses: this proves electron-builder flips our fuses. What it cannot
 * prove here (no real Electron binary, Linux only): that a real Electron honours them, and the
 * asar integrity hash, which electron-builder embeds for macOS and Windows builds only.
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const require = createRequire(import.meta.url);
const BUILDER_CLI = join(require.resolve('electron-builder/package.json'), '..', 'cli.js');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, AsarIntegrity, OnlyLoadAppFromAsar,
// BrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges, WasmTrapHandlers.
const ELECTRON_DEFAULT_WIRE = '101100011';

let work: string;
let packaged: string;
let output = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'taco-fuses-'));
  const stub = join(work, 'electron-dist');
  const project = join(work, 'project');
  mkdirSync(stub, { recursive: true });
  mkdirSync(join(project, 'out', 'main'), { recursive: true });
  const wire = Buffer.from(ELECTRON_DEFAULT_WIRE);
  writeFileSync(
    join(stub, 'electron'),
    Buffer.concat([Buffer.alloc(1024), Buffer.from(SENTINEL), Buffer.from([1, wire.length]), wire, Buffer.alloc(1024)]),
    { mode: 0o755 },
  );
  writeFileSync(join(stub, 'version'), '45.4.1');
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'taco',
      productName: 'TACO',
      version: '0.1.0',
      description: 'stand-in',
      author: 'TACO',
      main: 'out/main/index.js',
    }),
  );
  writeFileSync(join(project, 'out', 'main', 'index.js'), '// stand-in for the built main process\n');
  const args = [
    BUILDER_CLI,
    '--projectDir',
    project,
    '--config',
    join(ROOT, 'build', 'electron-builder.yml'),
    '--linux',
    '--x64',
    '--dir',
    `-c.electronDist=${stub}`,
    '-c.electronVersion=45.4.1',
    '-c.npmRebuild=false',
  ];
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', done);
  });
  if (code !== 0) throw new Error(`electron-builder failed (${code}):\n${output}`);
  packaged = join(project, 'dist', 'linux-unpacked');
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packaged binary (electron-builder --dir, stub Electron)', () => {
  it('has every security fuse flipped', async () => {
    const wire = await getCurrentFuseWire(join(packaged, 'taco'));
    const states = Object.fromEntries(
      Object.entries(wire)
        .filter(([key]) => key !== 'version')
        .map(([key, state]) => [FuseV1Options[Number(key)], FuseState[state as FuseState]]),
    );
    expect(states).toMatchObject({
      RunAsNode: 'DISABLE',
      EnableCookieEncryption: 'ENABLE',
      EnableNodeOptionsEnvironmentVariable: 'DISABLE',
      EnableNodeCliInspectArguments: 'DISABLE',
      EnableEmbeddedAsarIntegrityValidation: 'ENABLE',
      OnlyLoadAppFromAsar: 'ENABLE',
      GrantFileProtocolExtraPrivileges: 'DISABLE',
    });
  });

  it('holds the app in resources/app.asar only (what OnlyLoadAppFromAsar loads)', () => {
    expect(existsSync(join(packaged, 'resources', 'app.asar'))).toBe(true);
    expect(existsSync(join(packaged, 'resources', 'app'))).toBe(false);
  });
});
