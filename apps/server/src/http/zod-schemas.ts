import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';

/**
 * Route schemas are the API contract's zod schemas (@site/api-contract): zod checks what comes in and
 * shapes what goes out, and the same schemas type each route's request and answer.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Where a value did not fit, in words an API client can act on: `email: This is not an e-mail address.` */
const describe = (error: z.ZodError) =>
  error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');

/** A request part that does not fit its schema is a 400 with that reason (error-handler.ts). */
const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new Error(describe(result.error)) };
  };

/** Only the fields the answer's schema names go out. */
const zodSerializer: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));

/** Makes zod check and shape every route of the app (app.ts does it for the whole server). */
export function withZodSchemas<App extends FastifyInstance>(app: App): App {
  app.setValidatorCompiler(zodValidator);
  app.setSerializerCompiler(zodSerializer);
  return app;
}

/** A plugin whose routes are typed by their zod schemas. */
export type ZodPlugin<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

/** A route of the contract's table: its method, its path and its schemas (@site/api-contract adminRoutes). */
type ContractRoute = {
  method: 'GET' | 'POST';
  path: string;
  schema: {
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
    response: Record<number, z.ZodType>;
  };
};

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Registers a route from its entry in the contract's route table: the path, method and schemas come from
 * there, so the server never writes them again; `handler` is typed by those schemas.
 */
export function addRoute<Route extends ContractRoute>(
  app: ZodApp,
  route: Route,
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    Route['schema'],
    ZodTypeProvider
  >,
  options: { preHandler?: preHandlerHookHandler } = {},
) {
  app.route({ method: route.method, url: route.path, schema: route.schema, handler, ...options });
}
