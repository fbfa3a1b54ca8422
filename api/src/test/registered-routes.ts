import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { ACCESS_KEY, type Access } from '../common/auth.guards';

/** One route as Nest's controller metadata declares it, with the handler that serves it. */
export interface RegisteredRoute {
  method: string;
  path: string;
  access?: Access;
  controller: new (...args: never[]) => unknown;
  handlerName: string;
}

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The routes Express actually serves: what a caller can reach, whatever Nest's metadata says. */
export function expressRoutes(app: INestApplication): Set<string> {
  const found = new Set<string>();
  const walk = (stack: unknown[]) => {
    for (const layer of stack as { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: unknown[] } }[]) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') found.add(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  const instance = app.getHttpAdapter().getInstance();
  walk((instance.router ?? instance._router).stack);
  return found;
}

/** The same routes from Nest's controller metadata, with the access each one declares. */
export function nestRoutes(app: INestApplication): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const scanner = new MetadataScanner();
  const join = (...parts: string[]) =>
    '/' +
    parts
      .map((p) => p.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/');
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!type) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      // Nest's own scanner: a controller's methods with those it inherits (AdminRecords' routes).
      for (const name of scanner.getAllMethodNames(type.prototype as object)) {
        const handler = (type.prototype as Record<string, object>)[name];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const access = Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, type);
        for (const prefix of prefixes) {
          for (const path of ([] as string[]).concat(paths))
            routes.push({ method, path: join('api', prefix, path), access, controller: type, handlerName: name });
        }
      }
    }
  }
  return routes;
}
