import { common, createLowlight } from 'lowlight';

/** One highlighter for the whole app, with highlight.js's common languages (its own chunk, loaded on first use). */
export const lowlight = createLowlight(common);
