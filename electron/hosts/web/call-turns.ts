/**
 * Runs each call given to the returned function in a turn of the event loop of its own, in the
 * order given. Frames that arrive together are otherwise handled in one turn: each handler runs up
 * to its first await before the next begins, so an answer that is ready (the conversation list, read
 * while main was made) waits behind the synchronous start of the calls after it (the first model
 * request loads the HTTP client). In its own turn, a call runs until it waits for I/O.
 */
export function inTurnsOfTheirOwn<Args extends unknown[]>(handle: (...args: Args) => void): (...args: Args) => void {
  return (...args) => {
    setImmediate(() => handle(...args));
  };
}
