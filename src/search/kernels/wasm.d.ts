// The search's WebAssembly kernels as their bytes (build/kernels.wasm.js, which scripts/kernels.mjs
// writes with its own declaration): this one stands in for it before the first build.
declare module '*/kernels.wasm.js' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
