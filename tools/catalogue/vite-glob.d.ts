/** Vite's build-time glob import, present only when the file is bundled (electron-vite, vitest). */
interface ImportMeta {
  glob?: (pattern: string | string[], options: { eager: true; import?: string }) => Record<string, unknown>;
}
