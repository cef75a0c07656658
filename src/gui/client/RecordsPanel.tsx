// The analysis board's records: the shown position's tfen, a position or game pasted (tfen, move
// list, or a record of any notation recordFile.ts reads) or set up by hand, records opened, .otg files
// saved, the move list copied or saved.

import { useState } from 'preact/hooks';
import type { Result } from '../../engine/index.js';
import { copyText, downloadText, gameRecord } from './gameExport.js';
import type { GameLine } from './gameLine.js';
import { readAnyRecord } from './recordFile.js';

export interface RecordsProps {
  line: GameLine;
  /** The shown position's tfen. */
  tfen: string;
  variants: string[];
  onEdit: () => void;
  /** Shows a game from a record or a paste, at a turn, with a title. */
  onOpen: (line: GameLine, ply: number, title: string) => void;
}

export function RecordsPanel({ line, tfen, variants, onEdit, onOpen }: RecordsProps) {
  const [setupText, setSetupText] = useState('');
  const [setupVariant, setSetupVariant] = useState('berserk');
  const [message, setMessage] = useState('');

  const applySetup = (kind: 'tfen' | 'moves'): void => {
    const text = setupText.trim();
    // Any notation: a tfen or a move list under the chosen variant, or a record naming its own rules.
    const record = readAnyRecord(text, setupVariant);
    const result: Result<GameLine> = record.ok ? { ok: true, value: record.value.line } : record;
    if (!result.ok) {
      setMessage(result.error.message);
      return;
    }
    setMessage('');
    onOpen(result.value, kind === 'tfen' ? 0 : result.value.length, '');
  };
  const loadFile = async (file: File): Promise<void> => {
    const record = readAnyRecord(await file.text(), setupVariant);
    if (!record.ok) {
      setMessage(`${file.name}: ${record.error.message}`);
      return;
    }
    setMessage('');
    const tags = record.value.tags;
    onOpen(record.value.line, 0, `${tags.attackers ?? '?'} – ${tags.defenders ?? '?'}${tags.termination ? ` (${tags.termination})` : ''}`);
  };
  const copy = (text: string, what: string): void => copyText(text, what, setMessage);
  const saveOtg = (): void => downloadText('game.otg', gameRecord(line));

  return (
    <fieldset class="records">
      <legend>Position and records</legend>
      <div class="tfen">
        <input readOnly value={tfen} data-testid="tfen" />
        <button onClick={() => copy(tfen, 'tfen')}>Copy tfen</button>
      </div>
      <label>
        Variant{' '}
        <select value={setupVariant} onChange={(e) => setSetupVariant(e.currentTarget.value)} data-testid="setup-variant">
          {variants.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <textarea
        rows={3}
        placeholder="paste a tfen, a move list or a record (.otg, hnefatafl.org PGN or JSON, aagenielsen.dk, TaflZero FEN)"
        value={setupText}
        onInput={(e) => setSetupText(e.currentTarget.value)}
        data-testid="setup-text"
      />
      <div class="buttons">
        <button onClick={() => applySetup('tfen')} data-testid="set-tfen">
          Set tfen
        </button>
        <button onClick={() => applySetup('moves')} data-testid="set-moves">
          Set moves
        </button>
        <button onClick={onEdit} data-testid="edit">
          Edit position
        </button>
        <label class="file">
          Open a record{' '}
          <input
            type="file"
            accept=".otg,.pgn,.json,.txt,.fen,text/plain"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void loadFile(file);
            }}
            data-testid="otg-file"
          />
        </label>
        <button onClick={saveOtg} data-testid="save-otg">
          Save .otg
        </button>
        <button onClick={() => copy(line.moveTexts().join(' '), 'moves')}>Copy moves</button>
        <button onClick={() => downloadText('moves.txt', `${line.moveTexts().join(' ')}\n`)}>Save moves</button>
      </div>
      {message !== '' && (
        <div class="message" data-testid="setup-message">
          {message}
        </div>
      )}
    </fieldset>
  );
}
