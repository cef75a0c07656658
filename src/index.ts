// `hnefi`: the library. The rules and their notation, a search to call from code, and the client that
// drives any engine speaking the protocol (docs/library.md).
export * from './rules.js';
export { Analyser, type AnalyseOptions, type Analysis, type AnalysisInfo } from './facade/analyser.js';
export { DEFAULT_OPTIONS, MAX_SKILL_LEVEL, type GoLimits, type SearchOptions, type SearchScore } from './search/index.js';
export { describeNetwork, type Network, parseNetwork } from './search/index.js';
export {
  DEFAULT_TIMEOUTS,
  EngineClient,
  type EngineFault,
  type EngineSpec,
  type Score,
  type SearchResult,
  type Timeouts,
} from './client/engineClient.js';
