// Who the engine says it is (`id name`, `--version`).
import { version } from '../../package.json';

export const ENGINE_NAME = 'Hnefi';
export const ENGINE_VERSION: string = version;
export const ENGINE_AUTHOR = 'the Hnefi authors';
