/**
 * The server's entry (dist/server/main.js): the Node version is checked before main.ts is loaded. Its static
 * imports (better-sqlite3 among them) are evaluated before any code of its own, so a check inside it would
 * come too late; the dynamic import below waits for the check.
 */
import { exitUnlessSupportedNode } from './node-version';

exitUnlessSupportedNode();
await import('./main');
