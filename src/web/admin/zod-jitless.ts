import { z } from 'zod';

/**
 * zod probes `Function('')` when it builds an object schema, to decide whether to compile its parsers. Our
 * CSP forbids eval, so in the browser the probe only earns a CSP violation report; the forms' schemas are
 * small and the plain parser is fast enough. Imported first by the admin chunk, before the schemas exist.
 */
z.config({ jitless: true });
