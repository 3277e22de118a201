/**
 * The enhanced endpoint's answers to a waiting run: an approval, a question, the depth prompt, a
 * cancel. A stream waiting on one of them holds a request slot, so these are never counted
 * against (nor refused by) the API's limit of concurrent requests: the streams cannot block their
 * own answers (`electron/hosts/api/api-server.ts`).
 */
export const RUN_ANSWER_PATHS = {
  approval: /^\/v1\/taco\/approvals\/([^/]+)$/,
  question: /^\/v1\/taco\/questions\/([^/]+)$/,
  depth: /^\/v1\/taco\/runs\/([^/]+)\/depth$/,
  cancel: /^\/v1\/taco\/runs\/([^/]+)\/cancel$/,
} as const;

export function isRunAnswer(method: string, path: string): boolean {
  return method === 'POST' && Object.values(RUN_ANSWER_PATHS).some((pattern) => pattern.test(path));
}
