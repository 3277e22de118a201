/** The run and call a tools/call belongs to, so a server's request during it reaches that conversation. */
export interface CallOrigin {
  runId: string;
  conversationId: string;
  callId: string;
  signal: AbortSignal;
}
