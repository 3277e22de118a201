import { ContractError } from '../../../../shared/contract/contract-error';
import type { ChatProvider } from '../../provider/provider-types';
import { ProviderError } from '../../provider/provider-types';
import { detectImageType } from './image-format';

/**
 * Every image must be real PNG, JPEG, WebP or GIF data in base64 (its bytes are checked, not its
 * name). Count and size are already capped by the contract. Throws words naming the image.
 */
export function checkImageData(images: readonly string[]): void {
  images.forEach((image, index) => {
    if (detectImageType(image) === null) {
      const which = images.length > 1 ? `Image ${index + 1}` : 'The image';
      throw new ContractError(
        'invalid-payload',
        `chat.send: ${which} is not a PNG, JPEG, WebP or GIF file. Attach a picture in one of those formats.`,
      );
    }
  });
}

/**
 * Images go only to a model that can see. When Ollama cannot say (it is down), the message goes
 * on and the run reports what Ollama answers.
 */
export async function checkVision(provider: Pick<ChatProvider, 'capabilities'>, model: string): Promise<void> {
  let vision: boolean;
  try {
    vision = (await provider.capabilities(model)).vision;
  } catch (error) {
    if (error instanceof ProviderError) return;
    throw error;
  }
  if (!vision) {
    throw new ContractError(
      'invalid-payload',
      `“${model}” cannot see images. Pick a model with the vision badge (for example llava or gemma3), or remove the images and send again.`,
    );
  }
}
