/*
 * The headless API host (`npm run api`, electron/hosts/api/) as a user types it: the key's
 * variable, its shortest length and the command. The host's flag parser (api-args.ts) and the
 * words a host without the API shows (local-api-port.ts) take them from here, so the command
 * Settings suggests is the one the host accepts (headless-api-command.test.ts runs it through the parser).
 */

/** The environment variable that carries the key. */
export const API_KEY_ENV = 'TACO_API_KEY';

/** The shortest key accepted: anything shorter is guessable. */
export const MIN_KEY_CHARS = 16;

/** A key placeholder as long as a real key must be, so the command is accepted as written. */
export const KEY_PLACEHOLDER = 'your-key-of-16-characters-or-more';

/**
 * The command that starts the API without the desktop app. The key goes in the environment:
 * `--key` is refused, since every user of the computer can read a process's arguments.
 */
export const HEADLESS_API_COMMAND = `${API_KEY_ENV}=${KEY_PLACEHOLDER} npm run api`;
