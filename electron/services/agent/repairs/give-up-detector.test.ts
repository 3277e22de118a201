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

describe('modelGaveUp: every way of saying it, and only when nothing follows that needs the user', () => {
  const openings = ['', 'Sorry, ', 'sorry ', 'Unfortunately, ', 'Unfortunately ', 'I apologise, ', 'I apologize '];
  const subjects = ['I', 'I am', "I'm", 'I’m'];
  const cannots = ['cannot', "can't", 'can’t', 'can not', 'am unable to', 'unable to', 'not able to', 'am not able to'];
  const verbs = ['complete', 'finish', 'accomplish', 'do', 'perform', 'fulfil', 'fulfill', 'carry out'];
  const objects = ['this task', 'the task', 'your task', 'this request', 'the request', 'your request'];

  it('reads each opening, subject, "cannot", verb and object', () => {
    for (const opening of openings) expect(modelGaveUp(`${opening}I cannot complete this task.`), opening).toBe(true);
    for (const subject of subjects) expect(modelGaveUp(`${subject} unable to finish the request.`), subject).toBe(true);
    for (const cannot of cannots) expect(modelGaveUp(`I ${cannot} do this task.`), cannot).toBe(true);
    for (const verb of verbs) expect(modelGaveUp(`I can't ${verb} your request.`), verb).toBe(true);
    for (const object of objects) expect(modelGaveUp(`I cannot perform ${object}.`), object).toBe(true);
    expect(modelGaveUp('Sorry, but I cannot complete this task.')).toBe(true);
    expect(modelGaveUp('But I cannot complete this task.')).toBe(true);
    expect(modelGaveUp('I   cannot   complete   this   task')).toBe(true);
    expect(modelGaveUp('  I CANNOT COMPLETE THIS TASK.  ')).toBe(true);
  });

  it('takes any run of white space between the words, and none after an opening’s comma or stop', () => {
    const phrases = [
      'Sorry,_I_cannot_complete_this_task.',
      'Unfortunately,_but_I_am_unable to_do_the_request.',
      'I apologize,_I’m_not able to_finish_your_task.',
      'I_am_not able to_carry out_this_task.',
    ];
    for (const gap of [' ', '  ', '\n', '\t ']) {
      for (const phrase of phrases) expect(modelGaveUp(phrase.replaceAll('_', gap)), JSON.stringify(gap) + phrase).toBe(true);
    }
    for (const opening of ['Sorry,', 'Sorry.', 'Sorry!', 'Unfortunately,', 'I apologise,', 'I apologise.', 'I apologize!']) {
      expect(modelGaveUp(`${opening}I cannot complete this task.`), opening).toBe(true);
    }
  });

  it('is not a give-up when the first sentence only starts or ends like one', () => {
    expect(modelGaveUp('Well, I cannot complete this task.')).toBe(false);
    expect(modelGaveUp('I cannot complete this taskbar layout.')).toBe(false);
    expect(modelGaveUp('I cannot complete tasks like this.')).toBe(false);
    expect(modelGaveUp('I cannot complete my task.')).toBe(false);
    expect(modelGaveUp('I could not complete this task.')).toBe(false);
    expect(modelGaveUp('I cannot start this task.')).toBe(false);
    expect(modelGaveUp('Sorry for the wait, I cannot complete this task.')).toBe(false);
    expect(modelGaveUp('Here is the answer. I cannot complete this task.')).toBe(false);
    expect(modelGaveUp('Done! I cannot complete this task.')).toBe(false);
  });

  it('a question or a condition anywhere makes it a request for input', () => {
    const conditions = [
      'Which one?',
      'Not without the key.',
      'Not unless asked.',
      'Not until tomorrow.',
      'I will once you agree.',
      'I would if you allow it.',
      'Please provide the path.',
      'Please give me the path.',
      'Please tell me the path.',
      'Please share the path.',
      'Please specify the path.',
      'Please send the path.',
      'Please confirm the path.',
    ];
    for (const condition of conditions) expect(modelGaveUp(`I cannot complete this task. ${condition}`), condition).toBe(false);
    expect(modelGaveUp('I cannot complete this task. Please wait.')).toBe(true);
    expect(modelGaveUp('I cannot complete this task. Withouts are words.')).toBe(true);
  });

  it('is short: up to 500 characters after trimming', () => {
    const base = 'I cannot complete this task.';
    const at = `${base} ${'x'.repeat(500 - base.length - 1)}`;
    expect(at).toHaveLength(500);
    expect(modelGaveUp(`  ${at}  `)).toBe(true);
    expect(modelGaveUp(`${at}x`)).toBe(false);
    expect(modelGaveUp('   ')).toBe(false);
  });
});
