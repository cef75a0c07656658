// The page's entry point.
import { render } from 'preact';
import { App } from './App.js';

render(<App />, document.getElementById('app')!);
