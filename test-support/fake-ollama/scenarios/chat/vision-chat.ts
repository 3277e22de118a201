import { lastUserText, reply } from '../../reply-builders';
import type { FakeChatRequest, FakeModel, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** Sees images, no tools: like gemma3 in Ollama. */
export const gemma3: FakeModel = {
  name: 'gemma3:4b',
  capabilities: ['completion', 'vision'],
  contextLength: 131_072,
  family: 'gemma3',
  parameterSize: '4.3B',
  quantization: 'Q4_K_M',
  sizeBytes: 3_338_801_804,
};

function imagesOnLastUserMessage(request: FakeChatRequest): number {
  const last = request.messages.findLast((message) => message.role === 'user');
  return last?.images?.length ?? 0;
}

/** The standard models plus a vision model that says how many images came with the question. */
export const visionChat: Scenario = {
  name: 'vision-chat',
  description:
    'Standard models plus gemma3:4b (vision); every answer (and a side request with images) counts the images on the last user message.',
  models: [...standardModels(), { ...gemma3 }],
  replies: [],
  whenExhausted: (request) => countImages(request),
  // A side request with a picture (the automatic description of an attached one) is answered the same way.
  sideRules: [{ when: (request) => imagesOnLastUserMessage(request) > 0, reply: (request) => countImages(request) }],
};

function countImages(request: FakeChatRequest): Reply {
  const count = imagesOnLastUserMessage(request);
  return reply.text(
    count > 0
      ? `I see ${count} image${count === 1 ? '' : 's'}. You asked: ${lastUserText(request)}`
      : `No image came with: ${lastUserText(request)}`,
  );
}
