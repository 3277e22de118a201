import { useEffect, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { copyText } from '../markdown/code/copy-text';
import { downloadTextFile } from '../sidebar/download-text-file';
import { artifactMimeType, type ArtifactKind } from './artifact-kinds';
import { SaveArtifactDialog } from './SaveArtifactDialog';

interface Props {
  kind: ArtifactKind;
  code: string;
  fileName: string;
}

/**
 * Copy, Download (only ever on this click, from this window) and Save to workspace (an approved
 * write_file, through the save workflow) of the version shown.
 */
export function ArtifactActions({ kind, code, fileName }: Props) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), DEFAULTS.rendererConversations.copiedConfirmMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await copyText(code);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="artifact-actions">
      <button type="button" className="button" data-testid="artifact-copy" onClick={() => void copy()}>
        {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Select and press Ctrl+C' : 'Copy'}
      </button>
      <button
        type="button"
        className="button"
        data-testid="artifact-download"
        onClick={() => downloadTextFile({ filename: fileName, mimeType: artifactMimeType(kind), content: code })}
      >
        Download
      </button>
      <button type="button" className="button" data-testid="artifact-save" onClick={() => setSaving(true)}>
        Save to workspace
      </button>
      {saving && <SaveArtifactDialog code={code} suggestedPath={fileName} onClose={() => setSaving(false)} />}
    </div>
  );
}
