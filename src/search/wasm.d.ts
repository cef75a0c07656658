// A compiled WebAssembly module imported as its bytes (esbuild's binary loader; vitest.config.ts for the tests).
declare module '*.wasm' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
