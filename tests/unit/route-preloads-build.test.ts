import { describe, expect, it } from 'vitest';
import { namespacesNamedIn } from '../../scripts/vite-route-preloads';
import { readRouteModules } from '../../scripts/route-modules';
import { routes as appRoutes } from '../../src/app/routes';

describe("the build's list of what each route needs", () => {
  it("reads a module's namespaces from useTranslation, its NAMESPACE constants and 'ns:key' texts", () => {
    const source = `
      export const UPLOAD_NAMESPACE = 'upload';
      const NAMESPACE = 'ot';
      const { t } = useTranslation([NAMESPACE, 'code']);
      const { t: fees } = useTranslation('fees');
      const title = t('claims:list.title');
      const url = 'https://example.com';
    `;
    expect([...namespacesNamedIn(source)].sort()).toEqual(['claims', 'code', 'fees', 'ot', 'upload']);
  });

  it("finds every route of the app's route table, in its order, each with its view", () => {
    const routes = readRouteModules();
    expect(routes.map((route) => route.name)).toEqual(appRoutes.filter((route) => route.name !== 'notFound').map((route) => route.name));
    for (const route of routes) expect(route.modules.at(-1)).toMatch(/^src\/features\/[\w/-]+\.page$/);
    expect(routes.find((route) => route.name === 'login')?.modules).toEqual(['src/features/shell/login-layout', 'src/features/auth/login.page']);
  });
});
