import { describe, expect, it } from 'vitest';
import { initialPageFiles, watchPageFiles } from './page-files';

/** The head of a built index.html (npm run build:renderer), as Vite writes it. */
const BUILT_INDEX = `<!doctype html><html lang="en"><head>
<link rel="icon" href="data:," />
<title>TACO</title>
<script type="module" crossorigin src="./assets/index-B_uejK8A.js"></script>
<link rel="modulepreload" crossorigin href="./assets/rolldown-runtime-XKyaHtl9.js">
<link rel="modulepreload" crossorigin href="./assets/Dialog-B_PdxvT7.js">
<link rel="stylesheet" crossorigin href="./assets/index-DGxUlRyq.css">
<link rel="prefetch" href="./assets/later.js">
</head><body><div id="root"></div></body></html>`;

describe("the page's first files", () => {
  it('are its module script, modulepreloads and stylesheets, as request paths; icons, prefetches and other origins are not', () => {
    expect(initialPageFiles(BUILT_INDEX)).toEqual([
      '/assets/index-B_uejK8A.js',
      '/assets/rolldown-runtime-XKyaHtl9.js',
      '/assets/Dialog-B_PdxvT7.js',
      '/assets/index-DGxUlRyq.css',
    ]);
    expect(initialPageFiles('<script src="https://cdn.example/x.js"></script><script>inline()</script>')).toEqual([]);
  });

  it('the watch calls back once, after the last of them is sent, whatever the order and whatever else is sent', () => {
    const calls: string[] = [];
    const watch = watchPageFiles(['/a.js', '/b.css'], () => calls.push('after'));
    watch.sent('/b.css');
    watch.sent('/');
    watch.sent('/other.js');
    expect(calls).toEqual([]);
    watch.sent('/a.js');
    expect(calls).toEqual(['after']);
    watch.sent('/a.js');
    watch.sent('/b.css');
    expect(calls).toEqual(['after']);
  });

  it('with no files to wait for, it calls back at once', () => {
    const calls: string[] = [];
    watchPageFiles([], () => calls.push('after'));
    expect(calls).toEqual(['after']);
  });
});
