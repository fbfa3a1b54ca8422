import { useTestApp } from '../test/test-app';

describe('health and readiness', () => {
  const t = useTestApp();

  it('answers /api/health while the process runs', async () => {
    const res = await t.agent().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('answers /api/ready when the database responds', async () => {
    const res = await t.agent().get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404, not the app shell', async () => {
    const res = await t.agent().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found');
  });
});
