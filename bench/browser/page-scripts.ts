/**
 * Code that runs inside the page, kept as plain JavaScript text: the TypeScript loader that runs
 * the benchmark rewrites functions (it adds name helpers the page does not have), so functions
 * cannot be handed to page.evaluate directly.
 */

/** Invokes a page script with one JSON argument. */
export function call(script: string, argument: unknown): string {
  return `(${script})(${JSON.stringify(argument)})`;
}

/**
 * Added before the app loads: counts the event batches the page receives and the runs that
 * finish, and notes when the largest call result arrived (a conversation being opened), by
 * watching the WebSocket's frames (the app's own client is untouched).
 */
export const COUNT_BATCHES = `(() => {
  const bench = { batches: 0, finishes: 0, largestResult: { bytes: 0, at: 0 } };
  window.__tacoBench = bench;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        if (event.data.startsWith('{"kind":"result"') && event.data.length > bench.largestResult.bytes) {
          bench.largestResult = { bytes: event.data.length, at: performance.now() };
        }
        if (!event.data.startsWith('{"kind":"event"')) return;
        bench.batches += 1;
        if (event.data.includes('"type":"run-finish"')) bench.finishes += 1;
      });
    }
  };
})();`;

/** { batches, finishes } so far. */
export const READ_COUNTS = `() => ({ batches: window.__tacoBench.batches, finishes: window.__tacoBench.finishes })`;

/**
 * Clicks the conversation titled `title` and resolves with { totalMs, arrivedMs, bytes }: the ms
 * until the message containing `marker` is on screen and painted (checked at each animation frame;
 * a message posted from that frame runs after its paint), and when the conversation's data
 * arrived over the WebSocket (the rest is the renderer's work), and how big it was.
 */
export const OPEN_AND_TIME = `({ title, marker, timeoutMs }) => new Promise((resolve, reject) => {
  const find = () => [...document.querySelectorAll('[data-testid="conversation-item"]')].find((element) => (element.textContent || '').includes(title));
  // The sidebar draws only the rows in view: scroll it down until the row is drawn (before the clock starts).
  const scroller = document.querySelector('.sidebar-scroll');
  const seek = (found) => {
    const item = find();
    if (item || !scroller || scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) { found(item); return; }
    scroller.scrollTop += Math.max(1, scroller.clientHeight - 40);
    requestAnimationFrame(() => requestAnimationFrame(() => seek(found)));
  };
  if (!find() && scroller) scroller.scrollTop = 0;
  requestAnimationFrame(() => seek((item) => {
  if (!item) { reject(new Error('No conversation titled ' + title + ' in the sidebar.')); return; }
  if (window.__tacoBench) window.__tacoBench.largestResult = { bytes: 0, at: 0 };
  const started = performance.now();
  item.click();
  const check = () => {
    const answers = document.querySelectorAll('[data-testid="answer-text"]');
    const last = answers[answers.length - 1];
    if (last && (last.textContent || '').includes(marker)) {
      const box = last.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const arrived = window.__tacoBench ? window.__tacoBench.largestResult : { bytes: 0, at: 0 };
          resolve({ totalMs: performance.now() - started, arrivedMs: arrived.at > 0 ? arrived.at - started : null, bytes: arrived.bytes });
        };
        channel.port2.postMessage(null);
        return;
      }
    }
    if (performance.now() - started > timeoutMs) { reject(new Error('The conversation ' + title + ' did not show its last message within ' + timeoutMs + ' ms.')); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  }));
})`;

/** Elements in the document. */
export const COUNT_NODES = `() => document.getElementsByTagName('*').length`;

/** Resolves after two animation frames (what was committed is painted). */
export const TWO_FRAMES = `() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))))`;

/** Resolves once the sidebar lists at least `count` conversations (it draws only those in view; its list says how many it has). */
export const WAIT_FOR_CONVERSATIONS = `({ count, timeoutMs }) => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    const list = document.querySelector('[data-testid="conversation-list"]');
    if (list && document.querySelector('[data-testid="conversation-item"]') && Number(list.getAttribute('data-rows')) >= count) { resolve(null); return; }
    if (performance.now() - started > timeoutMs) { reject(new Error('The sidebar did not list ' + count + ' conversations within ' + timeoutMs + ' ms.')); return; }
    setTimeout(check, 50);
  };
  check();
})`;

/** Resolves once more than `finishes` runs have finished (see COUNT_BATCHES). */
export const WAIT_FOR_FINISH = `({ finishes, timeoutMs }) => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    if (window.__tacoBench.finishes > finishes) { resolve(null); return; }
    if (performance.now() - started > timeoutMs) { reject(new Error('The run did not finish within ' + timeoutMs + ' ms.')); return; }
    setTimeout(check, 100);
  };
  check();
})`;

/**
 * Resolves once the answers on screen, joined with single spaces, read exactly `expected`: the
 * shown conversation rendered all it streamed, and nothing of another conversation.
 */
export const WAIT_FOR_ANSWERS = `({ expected, timeoutMs }) => new Promise((resolve, reject) => {
  const started = performance.now();
  const shown = () => [...document.querySelectorAll('[data-testid="answer-text"]')].map((element) => element.textContent || '').join(' ').replace(/\\s+/g, ' ').trim();
  const check = () => {
    if (shown() === expected) { resolve(null); return; }
    if (performance.now() - started > timeoutMs) { reject(new Error('The shown conversation reads "' + shown() + '", not "' + expected + '".')); return; }
    requestAnimationFrame(check);
  };
  check();
})`;
