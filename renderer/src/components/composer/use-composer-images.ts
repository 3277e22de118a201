import { selectSelectedModelInfo } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { canSee } from '../models/model-capabilities';
import { useImageAttachments, type ImageAttachments } from './use-image-attachments';

export interface ComposerImages extends ImageAttachments {
  /** The selected model can see: pictures may be attached. */
  canAttach: boolean;
  /** Why the attached pictures cannot be sent now (the model changed to one that cannot see). */
  blockedReason: string | null;
}

/** Pictures for the next message, allowed only while the selected model has the vision capability. */
export function useComposerImages(): ComposerImages {
  const model = useTaco(selectSelectedModelInfo);
  const canAttach = canSee(model);
  const refusal = canAttach
    ? null
    : model
      ? `“${model.name}” cannot see images. Pick a model with the vision badge to attach pictures.`
      : 'Pick a model with the vision badge to attach pictures.';
  const attachments = useImageAttachments(refusal);
  const blockedReason = attachments.attachments.length > 0 && refusal ? `${refusal} Or remove the pictures.` : null;
  return { ...attachments, canAttach, blockedReason };
}
