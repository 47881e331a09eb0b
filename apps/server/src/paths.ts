import { fileURLToPath } from 'node:url';
import path from 'node:path';

// This file sits in src/ when run from source and is bundled into dist/server.js for `npm start`:
// either way its folder is one below apps/server, and the build copies migrations beside it.
const here = path.dirname(fileURLToPath(import.meta.url));

export const MIGRATIONS_DIR = path.join(here, 'db', 'migrations');
export const DEFAULT_WEB_DIST_DIR = path.resolve(here, '..', '..', 'web', 'dist');
