import { DEFAULTS } from '../../../../shared/constants';

const GIVE_UP =
  /^(?:sorry[,.!]?\s*|unfortunately[,]?\s*|i apologi[sz]e[,.!]?\s*)?(?:but\s+)?i(?:\s+am|'m|’m)?\s+(?:cannot|can't|can’t|can not|am unable to|unable to|not able to|am not able to)\s+(?:complete|finish|accomplish|do|perform|fulfil|fulfill|carry out)\s+(?:this|the|your)\s+(?:task|request)\b/i;

const ASKS_OR_CONDITIONS = /\?|\b(?:without|unless|until|once you|if you|please (?:provide|give|tell|share|specify|send|confirm))\b/i;

/**
 * The model's explicit stop (it says plainly it cannot do the task), detected conservatively so a real answer is never taken for a
 * give-up. All of these must hold:
 * - the answer is short (at most DEFAULTS.agent.giveUpMaxChars characters);
 * - its first sentence says plainly that the model cannot complete the task or request
 *   ("I cannot complete this task", "Sorry, I'm unable to complete the request", …);
 * - it neither asks anything nor names a condition ("?", "without", "unless", "if you",
 *   "please provide", …), which would make it a request for input rather than a stop.
 */
export function modelGaveUp(answer: string): boolean {
  const text = answer.trim();
  if (text.length === 0 || text.length > DEFAULTS.agent.giveUpMaxChars) return false;
  const firstSentence = text.split(/(?<=[.!])\s+/)[0] ?? text;
  return GIVE_UP.test(firstSentence) && !ASKS_OR_CONDITIONS.test(text);
}
