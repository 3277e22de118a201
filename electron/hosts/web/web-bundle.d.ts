/** Defined (true) by web.vite.config.ts in the bundled web host only; undeclared under tsx and vitest. */
declare const __TACO_WEB_BUNDLE__: boolean | undefined;
