/** Thrown where a server needs the user to sign in and nobody asked to: the server shows it as its error. */
export class SignInRequired extends Error {
  override readonly name = 'SignInRequired';
}

/** What a server that needs sign-in says (Settings shows it on the server's row, beside Sign in). */
export const NEEDS_SIGN_IN = 'This server needs you to sign in: Settings → MCP servers → Sign in.';
