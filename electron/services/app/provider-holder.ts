import type { ChatProvider } from '../provider/provider-types';

export interface ProviderHolder {
  /** The provider for the current host and context bound; recreated when either changes. */
  current(): ChatProvider;
}

export function createProviderHolder(
  create: (options: { host: string; maxContextTokens: number }) => ChatProvider,
  read: () => { host: string; maxContextTokens: number },
): ProviderHolder {
  let cached: { key: string; provider: ChatProvider } | null = null;
  return {
    current() {
      const options = read();
      const key = `${options.host}\n${options.maxContextTokens}`;
      if (!cached || cached.key !== key) cached = { key, provider: create(options) };
      return cached.provider;
    },
  };
}
