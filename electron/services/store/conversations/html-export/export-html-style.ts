/**
 * The exported page's one stylesheet, inlined in its `<style>` (the page loads nothing). Light,
 * dark by the reader's preference, and a print layout (the PDF and the browser's print): no
 * backgrounds, and tool calls and thinking stay folded to their summary line.
 */
export const EXPORT_HTML_STYLE = `
:root { color-scheme: light dark; --fg: #1d1d1f; --muted: #5f6368; --bg: #ffffff; --panel: #f4f5f7; --line: #d9dce1; --accent: #1b5fc1; --user: #eef3fb; --warn: #8a4b00; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8eaed; --muted: #a5abb3; --bg: #17181a; --panel: #222428; --line: #3a3d42; --accent: #8ab4f8; --user: #1f2a3a; --warn: #f5b96b; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
.facts { color: var(--muted); margin: 0 0 2rem; font-size: .9rem; }
.message { margin: 1.25rem 0; padding: .75rem 1rem; border-radius: 10px; }
.message > h2 { font-size: .8rem; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 .35rem; }
.user { background: var(--user); }
.answer { border-left: 3px solid var(--line); border-radius: 0; }
.md > :first-child { margin-top: 0; } .md > :last-child { margin-bottom: 0; }
.md p, .md ul, .md ol, .md blockquote, .md table, .md pre { margin: .6rem 0; }
a { color: var(--accent); }
code, pre, kbd { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .88em; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .6rem .75rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
:not(pre) > code { background: var(--panel); padding: .1em .3em; border-radius: 4px; }
blockquote { border-left: 3px solid var(--line); margin-left: 0; padding-left: .9rem; color: var(--muted); }
table { border-collapse: collapse; } th, td { border: 1px solid var(--line); padding: .3rem .6rem; }
details { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; margin: .6rem 0; padding: .4rem .75rem; }
details > summary { cursor: pointer; color: var(--muted); }
details[open] > summary { margin-bottom: .4rem; }
details h3 { font-size: .85rem; margin: .6rem 0 .2rem; }
.note { color: var(--muted); font-style: italic; }
.stopped { border-left: 3px solid var(--warn); padding-left: .9rem; }
.image-note { color: var(--muted); }
@media print {
  :root { --fg: #000; --muted: #444; --bg: #fff; --panel: #fff; --user: #fff; }
  main { max-width: none; padding: 0; }
  .message, details, pre { break-inside: avoid-page; }
}
`;
