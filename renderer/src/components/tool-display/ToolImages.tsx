import { toolImageSources } from './tool-images';

/** Pictures from a tool result (an MCP server's image content), validated first. */
export function ToolImages({ images, tool }: { images?: readonly string[]; tool: string }) {
  const sources = toolImageSources(images);
  if (sources.length === 0) return null;
  return (
    <div className="message-images tool-images" data-testid="tool-images">
      {sources.map((src, index) => (
        <img key={index} src={src} alt={`Picture ${index + 1} from ${tool}`} />
      ))}
    </div>
  );
}
