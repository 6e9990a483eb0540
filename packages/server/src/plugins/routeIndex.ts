import fp from 'fastify-plugin';

/** One registered route: its method and its full URL pattern (prefix included, `:name` params). */
export interface IndexedRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after this plugin, as Fastify routes it. Tests walk it so a check that
     * must hold for every route (maintenance, control characters) cannot miss a route added later.
     */
    routeIndex: readonly IndexedRoute[];
  }
}

export default fp(async (app) => {
  const routes: IndexedRoute[] = [];
  app.decorate('routeIndex', routes);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) routes.push({ method, url: opts.url ?? opts.path, config: (opts.config ?? {}) as Record<string, unknown> });
  });
});
