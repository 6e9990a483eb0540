import Fastify from 'fastify';

/** The reference: a bare Fastify route answering a small JSON envelope, no plugins, no database. */
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: 200, message: '操作成功', data: { balance: 0 } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
