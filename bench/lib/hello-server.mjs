/** The ceiling: a bare Fastify hello-world on this machine, measured in the same run as the real app. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ ready: { port: app.server.address().port } });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
