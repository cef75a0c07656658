import { describe, expect, it } from 'vitest';
import { makeGuiConfig } from '../../src/gui/server/guiConfig.js';

describe('the GUI configuration', () => {
  it('serves this machine on 8080 with Hnefi itself when nothing is given', () => {
    const config = makeGuiConfig({}, {});
    expect(config.ok && { host: config.value.host, port: config.value.port, names: config.value.engines.map((e) => e.name) }).toEqual({
      host: '127.0.0.1',
      port: 8080,
      names: ['Hnefi'],
    });
    expect(config.ok && config.value.engines[0].cmd).toBe(process.execPath);
  });

  it('takes engines from flags over the file, with their options', () => {
    const config = makeGuiConfig(
      { engines: [{ name: 'file', cmd: 'x' }], port: 9000 },
      { engine: ['name=a cmd=node args="dist/hnefi.js" option.Hash=64', 'name=b cmd=/opt/b'], port: 0 },
    );
    expect(config.ok && config.value.engines.map((e) => [e.name, e.cmd, e.args, e.options])).toEqual([
      ['a', 'node', ['dist/hnefi.js'], { Hash: '64' }],
      ['b', '/opt/b', [], {}],
    ]);
    expect(config.ok && config.value.port).toBe(0);
  });

  it('takes engines of other dialects, by protocol', () => {
    const config = makeGuiConfig({}, { engine: ['name=tz cmd=/opt/taflzero protocol=taflzero', 'name=site cmd=htp-engine protocol=htp'] });
    expect(config.ok && config.value.engines.map((e) => e.protocol)).toEqual(['taflzero', 'htp']);
    const bad = makeGuiConfig({}, { engine: ['name=x cmd=x protocol=xboard'] });
    expect(bad.ok || bad.error.message).toBe("--engine 1.protocol: 'xboard' must be one of uci, taflzero, opentafl, htp");
  });

  it('names what is wrong', () => {
    expect(makeGuiConfig({ colour: 'red' }, {})).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("unknown config key 'colour'") },
    });
    expect(makeGuiConfig({}, { port: 70000 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not a port number') },
    });
    expect(makeGuiConfig({}, { engine: ['name=a cmd=x', 'name=a cmd=y'] })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("'a' is used twice") },
    });
    expect(makeGuiConfig({ timeouts: { readyMs: -1 } }, {})).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('timeouts.readyMs') },
    });
  });
});
