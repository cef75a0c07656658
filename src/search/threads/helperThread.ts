// A Lazy SMP helper thread's work, whatever runs the thread: its first message is its setup, each
// later one a job, whose position it searches on the shared transposition table until told to stop.
// See helperPool.ts for the coordination.

import { parseTfen } from '../../notation/index.js';
import { helperViews, type HelperJob, type HelperSetup } from './helperPool.js';
import { Searcher } from '../searcher.js';
import type { ThreadPort } from './threads.js';

export function serveHelper(port: ThreadPort): void {
  let helper: { views: ReturnType<typeof helperViews>; searcher: Searcher } | undefined;
  port.onMessage((message) => {
    if (helper === undefined) {
      const setup = message as HelperSetup;
      const views = helperViews(setup);
      const searcher = new Searcher(
        { threads: 1, multiPV: 1 },
        { sharedTable: setup.table, helperIndex: setup.index, nodeCounter: views.nodes },
      );
      helper = { views, searcher };
      return;
    }
    search(helper.views, helper.searcher, message as HelperJob);
  });
}

function search(views: ReturnType<typeof helperViews>, searcher: Searcher, job: HelperJob): void {
  const { control, busy, generation } = views;
  if (Atomics.load(control, generation) !== job.generation) return;
  Atomics.store(control, busy, 1);
  try {
    // The job may have been called off between the two looks.
    if (Atomics.load(control, generation) !== job.generation) return;
    const pos = parseTfen(job.rules, job.setupTfen);
    if (!pos.ok) return;
    for (const step of job.steps) pos.value.makeStep(step);
    searcher.setOptions({ evalNet: job.evalNet });
    searcher.helperSearch(pos.value, job.tableAge, {
      stop: views.stop,
      iteration: views.iteration,
      generation: job.generation,
    });
  } finally {
    Atomics.store(control, busy, 0);
    Atomics.notify(control, busy);
  }
}
