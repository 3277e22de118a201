import { DEFAULTS } from '../../shared/constants';
import { stat } from 'node:fs/promises';
import { stringArg, jsonOutput } from '../catalogue/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { readTextHead } from './read-text-head';
import { resolveWorkspacePath } from './workspace-path';

export const run: ToolRun = async (args, context) => {
  const target = await resolveWorkspacePath(context.workspace, stringArg(args, 'path'), { mustExist: true });
  const info = await stat(target.absolute);
  if (info.isDirectory()) throw new ToolFailure(`"${target.relative}" is a folder. Use list_directory to see what it holds.`);
  if (!info.isFile()) throw new ToolFailure(`"${target.relative}" is not a regular file, so it cannot be read.`);
  const head = await readTextHead(target.absolute, DEFAULTS.tools.readFileMaxBytes);
  if (head.binary) throw new ToolFailure(`"${target.relative}" is a binary file (${head.size} bytes); read_file only reads text files.`);
  return jsonOutput({ path: target.relative, content: head.text, size_bytes: head.size, truncated: head.truncated });
};
