import { describe, expect, it } from 'vitest';
import { hiddenPaths } from './sandbox-policy';

describe('hiddenPaths inside tool folders', () => {
  it("hides npm's global configuration inside each tool folder PATH brings in, and nothing for a folder outside HOME", () => {
    const hidden = hiddenPaths({
      home: '/home/u',
      dataFolders: [],
      searchPath: '/home/u/.nvm/versions/node/v20/bin:/home/u/.local/bin:/usr/local/bin',
    });
    expect(hidden).toContain('/home/u/.nvm/versions/node/v20/etc/npmrc');
    expect(hidden.filter((entry) => entry.startsWith('/usr/'))).toEqual([]);
  });

  it('hides none without PATH', () => {
    expect(hiddenPaths({ home: '/home/u', dataFolders: [] }).filter((entry) => entry.endsWith('/etc/npmrc'))).toEqual([]);
  });
});
