/**
 * Greetings, thanks and goodbyes: a message that is only small talk goes out without tools (seed
 * tool-execution-loop: simple greetings skip tools). A small model offered tools for "hi" pays
 * for every tool's schema in the prompt and sometimes calls one anyway. Anything with a request in
 * it ("hi, read notes.txt") is not small talk.
 */
const SMALL_TALK =
  /^(?:hi+|hello+|hey+|hiya|yo|howdy|greetings|good (?:morning|afternoon|evening|night)|thanks?(?: you)?(?: (?:so|very) much)?|thx|ty|cheers|bye|goodbye|see you|how are you(?: doing)?(?: today)?|how's it going|what's up|nice to meet you|ok(?:ay)?|cool|great|nice)(?: there| taco| again| all)?$/;

export function isSmallTalk(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/[!.?,:;)(\s]+/g, ' ')
    .trim();
  return words.length > 0 && words.length <= 40 && SMALL_TALK.test(words);
}
