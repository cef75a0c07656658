// The files the site ships beside its code, fetched when first needed: the `auto` network (nets/),
// for the rules it serves, and the opening books (books/<variant>.txt). The service worker keeps
// what was fetched for offline use.

import { err, getVariant, ok, type Result, type RuleSet } from '../engine/index.js';
import { type Opening, parseOpeningLines } from '../notation/index.js';
import { AUTO_NETWORK, autoNetworkFits, type Network, parseNetwork } from '../search/index.js';
import { keepForOffline } from './offline.js';

export class ShippedFiles {
  private network: Promise<Result<Network>> | undefined;

  /** `root`: the site's folder (where index.html is). */
  constructor(private readonly root: URL) {}

  /**
   * The network the engine evaluates `rules` with: null where the hand-written evaluation plays. Fetched
   * once; a failure (offline before it was ever fetched) is an error, and the next call tries again.
   */
  async networkFor(rules: RuleSet): Promise<Result<Network | null>> {
    if (!autoNetworkFits(rules)) return ok(null);
    this.network ??= this.fetchNetwork();
    const net = await this.network;
    if (!net.ok) this.network = undefined;
    return net;
  }

  /** A variant's opening book (the openings checked against its rules); null when the variant has none. */
  async book(variant: string): Promise<Result<Opening[] | null>> {
    const rules = getVariant(variant);
    if (!rules.ok) return rules;
    const path = `books/${variant}.txt`;
    const response = await this.fetch(path);
    if (!response.ok) return response.error.code === 'not-found' ? ok(null) : response;
    return parseOpeningLines(rules.value, await response.value.text(), path);
  }

  private async fetchNetwork(): Promise<Result<Network>> {
    const path = `nets/${AUTO_NETWORK.file}`;
    const response = await this.fetch(path);
    if (!response.ok) return response;
    const net = parseNetwork(new Uint8Array(await response.value.arrayBuffer()));
    return net.ok ? net : err('bad-net', `${path}: ${net.error.message}`);
  }

  private async fetch(path: string): Promise<Result<Response>> {
    const url = new URL(path, this.root);
    let response: Response;
    try {
      response = await fetch(url);
    } catch (error) {
      return err('offline', `${path} could not be loaded (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status === 404) return err('not-found', `${path} is not on the site`);
    if (!response.ok) return err('http', `${path} could not be loaded (HTTP ${response.status})`);
    keepForOffline(url);
    return ok(response);
  }
}
