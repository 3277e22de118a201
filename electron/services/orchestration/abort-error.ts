/** The error a gate rejects with when its signal aborts: the signal's reason when it is an Error. */
export function abortError(signal: AbortSignal, what: string): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error(`${what} was withdrawn because the run stopped.`);
  error.name = 'AbortError';
  return error;
}
