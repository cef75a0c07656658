// The shipped `auto` network is what autoNetwork.ts says it is: a browser decides from those constants
// alone whether to fetch it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, VARIANTS } from '../../src/engine/index.js';
import { AUTO_NETWORK, autoNetworkFits, netFits, parseNetwork } from '../../src/search/index.js';

describe('the auto network', () => {
  it('is the file nets/ ships, for the family and size named, and fits the same variants', () => {
    const net = parseNetwork(readFileSync(`nets/${AUTO_NETWORK.file}`));
    if (!net.ok) throw new Error(net.error.message);
    expect({ family: net.value.family, size: net.value.size }).toEqual({ family: AUTO_NETWORK.family, size: AUTO_NETWORK.size });
    const fitting = VARIANT_IDS.filter((id) => autoNetworkFits(VARIANTS[id]));
    expect(fitting).toEqual(VARIANT_IDS.filter((id) => netFits(net.value, VARIANTS[id])));
    expect(fitting).toContain('copenhagen');
  });
});
