// `hnefi`: the library. The rules and their notation, a search to call from code, and the client that
// drives any engine speaking the protocol or one of the dialects it translates (docs/library.md).
export * from './rules.js';
export { Analyser, type AnalyseOptions, type Analysis, type AnalysisInfo } from './facade/analyser.js';
export { DEFAULT_OPTIONS, MAX_SKILL_LEVEL, type GoLimits, type SearchOptions, type SearchScore } from './search/index.js';
export { describeNetwork, type Network, parseNetwork } from './search/index.js';
export {
  DEFAULT_TIMEOUTS,
  EngineClient,
  PROTOCOLS,
  type EngineFault,
  type EngineSpec,
  type GameRules,
  type Protocol,
  type Score,
  type SearchLimits,
  type SearchRequest,
  type SearchResult,
  type Timeouts,
} from './client/engineClient.js';
