import { modelCheckScenario } from '../../../fake-models/model-profiles';

/** The scripted models with distinct profiles for "Check this model" (test-support/fake-models/). */
export const modelCheck = modelCheckScenario();
