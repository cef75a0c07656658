// `hnefi/rules`: the rules of every variant and their notation, with no Node.js dependency, for
// browsers and any JavaScript runtime.
export * from './engine/index.js';
export * from './notation/index.js';
