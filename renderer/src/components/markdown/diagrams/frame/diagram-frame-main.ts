import { parseFrameRequest, type FrameReply } from '../../../../../../shared/rendering/diagram-frame';
import { renderMermaid } from '../mermaid-render';
import { checkMermaidSource } from '../mermaid-source-check';
import { svgNaturalSize } from './svg-natural-size';

/**
 * The script of the diagram frame (`renderer/public/diagram-frame.html`): a sandboxed page with
 * no origin of its own, no network (its policy allows only its own script and data: images), in
 * another process than the window. It lays out what the window asks, one diagram at a time, and
 * posts the sanitised SVG back with its natural size (the window shows it in a view frame of its
 * own sized by it, never parsing the SVG); the window tears it down when a drawing takes too long.
 */
function reply(message: FrameReply): void {
  // The window's origin is not known here (no referrer); what is posted is a drawing of text the window already has.
  window.parent.postMessage(message, '*');
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const request = parseFrameRequest(event.data);
  if (!request) return;
  // Checked again here: the frame never lays out what the window would have refused.
  const check = checkMermaidSource(request.source);
  if (check.type === 'refused') {
    reply({ type: 'failed', id: request.id, message: `it was refused (${check.reason})` });
    return;
  }
  renderMermaid(request.source, request.theme).then(
    (svg) => {
      const size = svgNaturalSize(svg);
      reply(
        size ? { type: 'drawn', id: request.id, svg, ...size } : { type: 'failed', id: request.id, message: 'its drawing has no size' },
      );
    },
    (error: unknown) => reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

reply({ type: 'ready' });
