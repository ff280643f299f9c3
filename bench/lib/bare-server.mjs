// The reference point of the load benchmark: Fastify with one "hello" route and nothing else.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ host: process.env.HOST, port: Number(process.env.PORT) });
