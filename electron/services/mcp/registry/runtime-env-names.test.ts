import { describe, expect, it } from 'vitest';
import { envNameRefusal } from './runtime-rules';

describe('environment names the C library and Go read before the runtime runs', () => {
  it.each(['GCONV_PATH', 'GLIBC_TUNABLES', 'HOSTALIASES', 'LOCALDOMAIN', 'RES_OPTIONS', 'GODEBUG', 'gconv_path'])(
    '%s is refused, saying why',
    (name) => {
      expect(envNameRefusal(name)).toMatch(/^it sets \S+, which steers how the runtime loads code or where it downloads packages from/);
    },
  );

  it.each(['GCONV', 'MY_GODEBUG', 'HOSTALIASES_FILE', 'RES_OPTION'])('%s is not one of them and passes', (name) => {
    expect(envNameRefusal(name)).toBeNull();
  });
});
