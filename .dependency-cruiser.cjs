// The layers of src/ (docs/architecture.md): each imports only the layers below it, and nothing
// imports in a cycle. `npm run check:deps` (and so .ci/run) fails on any import that breaks a rule.
const layer = (name) => `^src/${name}/`;

/** A rule that forbids imports from `from` to anything of the project outside `allowed`. */
function onlyImports(name, from, allowed, comment) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: '^src/', pathNot: [from, ...allowed] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules that import each other cannot be read, tested or bundled one at a time.',
      severity: 'error',
      from: {},
      // Type-only imports count too: a type two modules share belongs in a module of its own.
      to: { circular: true },
    },
    onlyImports('rules-core-stands-alone', layer('engine'), [], 'The rules core imports nothing of the project.'),
    {
      name: 'browser-safe-rules',
      comment: 'The rules core and the notation run in a browser too: no Node.js modules.',
      severity: 'error',
      from: { path: [layer('engine'), layer('notation')] },
      to: { dependencyTypes: ['core'] },
    },
    onlyImports('notation-over-rules', layer('notation'), [layer('engine')], 'Notation reads and writes the rules core only.'),
    onlyImports('search-uses-the-rules', layer('search'), [layer('engine'), layer('notation')], 'The search uses the rules only.'),
    onlyImports(
      'facade-over-search',
      layer('facade'),
      [layer('search'), layer('engine'), layer('notation')],
      'The search facade wraps the search and the rules.',
    ),
    onlyImports(
      'protocols-over-facade',
      layer('protocol'),
      [layer('facade'), layer('search'), layer('engine'), layer('notation'), '^package\\.json$'],
      'A protocol server speaks over the facade.',
    ),
    onlyImports('client-is-a-leaf', layer('client'), [layer('engine'), layer('notation')], 'The engine client only speaks the protocol.'),
    onlyImports(
      'online-through-the-client',
      layer('online'),
      [layer('client'), layer('engine'), layer('notation')],
      'The online bot reaches its engine through src/client and reads games with the rules and notation.',
    ),
    {
      name: 'engines-through-the-client',
      comment: 'The tournament, the GUI and the queue workers reach engines only through src/client.',
      severity: 'error',
      from: { path: [layer('tournament'), layer('gui'), layer('queue')] },
      to: { path: [layer('facade'), layer('protocol'), layer('search'), layer('terminal')] },
    },
    onlyImports(
      'site-over-facade',
      layer('web'),
      [
        layer('facade'),
        layer('search'),
        layer('engine'),
        layer('notation'),
        layer('protocol'),
        layer('gui/shared'),
        layer('gui/client'),
        '^package\\.json$',
      ],
      "The static site runs the facade in the page, and the GUI's page over it.",
    ),
    {
      name: 'site-in-the-browser',
      comment: 'The static site runs in a browser: no Node.js modules, nor the modules that start Node.js threads.',
      severity: 'error',
      from: { path: layer('web') },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'site-without-node-threads',
      comment: 'The static site starts Web Workers (src/web/webThreads.ts), never worker_threads.',
      severity: 'error',
      from: { path: layer('web') },
      to: { path: ['^src/search/threads/(nodeThreads|helperWorker)\\.ts$', '^src/facade/(nodeSearchThread|searchWorker)\\.ts$'] },
    },
    {
      name: 'commands-are-the-top',
      comment: 'Only the command line loads the commands.',
      severity: 'error',
      from: { pathNot: ['^src/cli\\.ts$', layer('commands')] },
      to: { path: [layer('commands'), '^src/cli\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
