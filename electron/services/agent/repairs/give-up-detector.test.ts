import { describe, expect, it } from 'vitest';
import { modelGaveUp } from './give-up-detector';

describe('modelGaveUp (conservative)', () => {
  it.each([
    'I cannot complete this task.',
    "I'm unable to complete this request because the file does not exist.",
    'Sorry, I am not able to finish the task with the tools I have.',
    'Unfortunately, I can’t complete this task.',
  ])('gives up: %s', (text) => {
    expect(modelGaveUp(text)).toBe(true);
  });

  it.each([
    'The file says hello.',
    'I cannot complete this task without the file path. Which file do you mean?',
    'I cannot complete this task unless you give me access to the folder.',
    'I cannot find the file, but here is what I know about it.',
    'To do this you would write: I cannot complete this task.',
    `I cannot complete this task in one go. ${'Here is a long explanation. '.repeat(30)}`,
    '',
  ])('does not give up: %s', (text) => {
    expect(modelGaveUp(text)).toBe(false);
  });
});
