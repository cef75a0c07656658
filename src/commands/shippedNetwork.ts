// The network the engine evaluates with by default (the protocol's `EvalFile auto`), from the package's nets/.

import { shippedFile } from '../packageFiles.js';
import { AUTO_NETWORK } from '../search/index.js';

/** The default network's file, or undefined when the package has none (the hand-written evaluation plays). */
export function autoEvalFile(): string | undefined {
  return shippedFile('nets', AUTO_NETWORK.file);
}
