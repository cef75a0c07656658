// The page's entry point, as `hnefi gui` serves it: the views over the server's connection.
import { render } from 'preact';
import { App } from './App.js';
import { Connection } from './connection.js';

render(<App connection={new Connection()} />, document.getElementById('app')!);
