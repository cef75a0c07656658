// The search's WebAssembly kernels as their bytes (build/kernels.wasm.js and build/network.wasm.js,
// which scripts/kernels.mjs writes with their own declarations): these stand in for them before the
// first build.
declare module '*/kernels.wasm.js' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
declare module '*/network.wasm.js' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
