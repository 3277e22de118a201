// An "MCP server" that reads stdin and never answers: TACO's initialize timeout must end it.
process.stdin.resume();
process.stderr.write('silent server: reading stdin, never answering\n');
setInterval(() => undefined, 60_000);
