import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './database.ts';

/** Migrates one template database for the whole run; each test file copies it (a new PGlite database is slow to create). */
export default async function setup(project: TestProject) {
  const template = await prepareTemplate();
  project.provide('dbTemplate', template.reference);
  return template.dispose;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
