/**
 * A Go duration as time.ParseDuration reads it (Ollama's keep_alive string, api/types.go
 * Duration.UnmarshalJSON): "0", or one or more number+unit pairs ("5m", "1h30m", "1.5h", "-1m");
 * units ns, us, µs, μs, ms, s, m, h. A bare number such as "300" or "1.5" is an HTTP 400 for every
 * request ("time: missing unit in duration"), so the schema refuses it.
 */
export const GO_DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+)$/;

export function isGoDuration(text: string): boolean {
  return GO_DURATION.test(text);
}

/** A number of seconds written as text ("300", "1.5"): not a Go duration, but clearly meant as seconds. */
export const BARE_SECONDS = /^-?\d+(\.\d+)?$/;
