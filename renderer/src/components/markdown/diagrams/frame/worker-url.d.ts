/** Vite builds a `?worker&url` import as its own classic script and gives its address. */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
