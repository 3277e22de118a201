/** One byte format for main and the window: the sizes Ollama shows. */
export { formatBytes } from '../../../shared/models/format-bytes';
