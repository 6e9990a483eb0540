import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from './pglite-template.js';

/** Once per run: the migrated embedded database every test file copies (pglite-template.ts). */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', process.env.TEST_DATABASE === 'postgres' ? '' : await makePgliteTemplate());
}
