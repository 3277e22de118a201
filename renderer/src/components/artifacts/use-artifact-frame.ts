import { useEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { parseArtifactFrameReply } from '../../../../shared/rendering/artifact-frame';

export type ArtifactFrameState = { type: 'loading' } | { type: 'running' } | { type: 'stopped'; reason: string };

const CAPS = DEFAULTS.rendererArtifacts;

/**
 * Runs one document in the artifact frame and watches it: the frame's page says it is ready, gets
 * the document, then answers a ping every `heartbeatMs`. A frame silent for `stallBudgetMs` (its
 * thread stuck, say in an infinite loop) or that never starts within `frameStartMs` is stopped:
 * the state says why and the caller removes the iframe, which ends it. Only messages whose source
 * is this iframe's own window count; the artifact itself runs one frame further in and cannot
 * answer for it. `run` changes to run the document again.
 */
export function useArtifactFrame(
  document: string,
  run: number,
): { frameRef: RefObject<HTMLIFrameElement | null>; state: ArtifactFrameState } {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [state, setState] = useState<ArtifactFrameState>({ type: 'loading' });

  useEffect(() => {
    setState({ type: 'loading' });
    let started = false;
    let stopped = false;
    let lastAnswer = performance.now();
    let seq = 0;
    const stop = (reason: string): void => {
      stopped = true;
      setState({ type: 'stopped', reason });
    };
    const onMessage = (event: MessageEvent): void => {
      const frame = frameRef.current;
      if (stopped || !frame || event.source !== frame.contentWindow) return;
      const reply = parseArtifactFrameReply(event.data);
      if (!reply) return;
      lastAnswer = performance.now();
      if (reply.type === 'ready' && !started) {
        started = true;
        frame.contentWindow?.postMessage({ type: 'show', html: document }, '*');
      } else if (reply.type === 'shown') setState({ type: 'running' });
    };
    window.addEventListener('message', onMessage);
    const timer = setInterval(() => {
      if (stopped) return;
      const silentMs = performance.now() - lastAnswer;
      if (!started && silentMs > CAPS.frameStartMs) return stop('Preview stopped: the preview frame did not start.');
      if (started && silentMs > CAPS.stallBudgetMs)
        return stop(`Preview stopped: it ran too long (no answer for ${CAPS.stallBudgetMs / 1000} s).`);
      seq += 1;
      if (started) frameRef.current?.contentWindow?.postMessage({ type: 'ping', seq }, '*');
    }, CAPS.heartbeatMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [document, run]);

  return { frameRef, state };
}
