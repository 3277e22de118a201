import type { SkillPreviewFile } from '../../../../shared/skills/skills';
import { sizeWords } from './skill-words';

/** A skill's files with their sizes, scripts marked: what a preview shows before install, and the catalogue after. */
export function SkillFileList({ files, caption }: { files: readonly SkillPreviewFile[]; caption: string }) {
  return (
    <table className="parameters skill-files" data-testid="skill-files">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Size</th>
          <th scope="col">Kind</th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file.path} data-testid="skill-file" data-script={file.script}>
            <td>
              <code>{file.path}</code>
            </td>
            <td>{sizeWords(file.bytes)}</td>
            <td>{file.script ? <span className="badge approval-ask">script</span> : 'file'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
