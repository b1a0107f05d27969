/**
 * React and React DOM, evaluated in a task of their own (boot.ts imports this a task ahead of the app). The
 * build wraps their CommonJS in functions that run at the first read of an export: reading them here runs
 * them here, and the app's modules, a task later, find them done.
 */
import { version } from 'react';
import { hydrateRoot } from 'react-dom/client';

export const reactLoaded = version.length > 0 && typeof hydrateRoot === 'function';
