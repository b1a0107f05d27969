/** `?log=<id>`: the endpoint whose delivery log is open on /admin/integrations. */
export const logParam = 'log';
