import { describe, expect, it } from 'vitest';
import { adminApiPaths, adminEndpoints, adminPath } from './admin-endpoints.js';

describe('adminPath', () => {
  it('fills each parameter of an endpoint’s path in, encoded', () => {
    expect(adminPath(adminEndpoints.retryReply, { id: '01a2-b', seq: 7 })).toBe(
      '/admin/api/messages/01a2-b/replies/7/retry',
    );
    expect(adminPath(adminEndpoints.openMessage, { id: 'a/b?c' })).toBe('/admin/api/messages/a%2Fb%3Fc');
    expect(adminPath(adminEndpoints.settings, {})).toBe('/admin/api/settings');
  });

  it('leaves no endpoint declared twice, and every path under /admin/api', () => {
    const endpoints = Object.values(adminEndpoints).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(endpoints).size).toBe(endpoints.length);
    for (const path of Object.values(adminApiPaths)) expect(path).toMatch(/^\/admin\/api\/[a-z/-]+$/);
  });
});
