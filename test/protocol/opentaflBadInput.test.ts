// End-to-end: the OpenTafl server quotes bad host input without its control bytes.

import { describe, expect, it } from 'vitest';
import { EngineConversation } from '../support/engineConversation.js';

describe('OpenTafl server, bad input', () => {
  it('status and error lines carry no control bytes from the host', async () => {
    const engine = new EngineConversation(['--protocol', 'opentafl']);
    engine.send('rules dim:7 esc:c zz\u0007q:1 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', 'position \u001b[31m/7/');
    await engine.waitFor(/^status error: position record/);
    engine.send('goodbye');
    expect(await engine.exited).toBe(0);
    const quoted = engine.lines.filter((l) => l.startsWith('status ') || l.startsWith('error '));
    expect(quoted.length).toBeGreaterThanOrEqual(3);
    for (const line of quoted) expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(quoted).toContain("error -1 rules not supported: unknown rules key 'zz?q' (in 'zz?q:1')");
  });
});
