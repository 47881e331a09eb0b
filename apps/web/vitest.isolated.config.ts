import { ISOLATED, webProject } from './vitest.config.ts';

/** The web tests that need a fresh module graph each (decision 086). */
export default webProject('web-isolated', { include: ISOLATED });
