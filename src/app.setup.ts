import { INestApplication, RequestMethod } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { requiredFromValidation } from './common/openapi/required-from-validation';
import { strictDocument } from './common/openapi/strict-document';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { exactJsonResponses } from './common/http/exact-json';
import { EarlyAuthentication } from './common/auth/early-authentication';
import { ScopeGuard } from './common/auth/scope.guard';
import { SESSION_COOKIE } from './common/auth/session-lookup';
import { describeScopes } from './common/auth/document-scopes';
import { Draining } from './common/http/draining';
import { accessLogMiddleware } from './common/http/access-log.middleware';
import { bodyParsingMiddlewares } from './common/http/body-parsing';
import { requestIdMiddleware } from './common/http/request-id.middleware';
import { httpMetricsMiddleware } from './common/metrics/http-metrics';
import { RateLimitGuard } from './common/security/rate-limit.guard';
import { RATE_LIMIT_STORE, RateLimitStore } from './common/security/rate-limit-store';
import { securityHeaders } from './common/security/security-headers';
import { JsonLogger } from './common/logging/json-logger';
import { DeclaredQueryGuard } from './common/validation/declared-query.guard';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AppConfig } from './config/app-config';
import { documentSaleEffectRefusals, SaleEffects } from './modules/orders/sale-effects';

export const API_PREFIX = 'api/v1';

/** Everything HTTP-wide, shared by main.ts and the e2e tests so both run the same stack. */
export function setupApp(app: NestExpressApplication, config: AppConfig, logger: JsonLogger): INestApplication {
  app.disable('x-powered-by');
  // TRUST_PROXY: one proxy in front, whose X-Forwarded-Proto and X-Forwarded-For req.secure and req.ip read
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.use(requestIdMiddleware);
  app.use(httpMetricsMiddleware);
  app.use(exactJsonResponses);
  app.use(app.get(Draining).middleware);
  app.use(securityHeaders());
  // Before body parsing, so that a browser can also read the 413/415/400 answers of the parser.
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, exposedHeaders: ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'] });
  }
  app.use(accessLogMiddleware(logger));
  // Before body parsing: a request that will be refused costs no parsing (see EarlyAuthentication).
  app.use(app.get(EarlyAuthentication).middleware);
  app.use(...bodyParsingMiddlewares(config.bodyLimit));
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: 'health', method: RequestMethod.GET },
      { path: 'health/ready', method: RequestMethod.GET },
    ],
  });
  // Global guards added here run after the APP_GUARD ApiKeyGuard, so the limit keys on the authenticated key.
  if (config.rateLimitPerMinute > 0) app.useGlobalGuards(new RateLimitGuard(config.rateLimitPerMinute, app.get<RateLimitStore>(RATE_LIMIT_STORE)));
  // Then the key's scopes (docs/api.md 18): a refusal counts against the key's rate limit, and comes before any interceptor or pipe.
  app.useGlobalGuards(new ScopeGuard(app.get(Reflector)));
  // Before any interceptor (idempotency): a parameter no route declares is refused first.
  app.useGlobalGuards(new DeclaredQueryGuard());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  setupSwagger(app);
  return app;
}

function setupSwagger(app: INestApplication): void {
  // gathered now, before the document is built: their inputs become fields of POST /orders' body
  const effects = app.get(SaleEffects);
  void effects.all;
  requiredFromValidation();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Back-office commerce API')
      .setDescription(
        "Sales, stock, customers, loyalty, invoices, finance and webhooks. All routes need `Authorization: Bearer <API key>`, or a signed-in user's `bo_session` cookie (POST /auth/sign-in; writes also send `X-CSRF-Token`), except health and sign-in.",
      )
      .setVersion('1.0')
      .addServer('/', 'this server (paths carry the /api/v1 prefix)')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'API key',
        description: 'An API key of the business: `Authorization: Bearer <key>` (CLI `apikey:create`)',
      })
      .addCookieAuth(
        SESSION_COOKIE,
        {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: "A signed-in user's session (POST /auth/sign-in); every write also sends `X-CSRF-Token`",
        },
        SESSION_COOKIE,
      )
      .addSecurityRequirements('bearer')
      .addSecurityRequirements(SESSION_COOKIE)
      .build(),
  );
  documentSaleEffectRefusals(document, effects);
  describeScopes(document);
  SwaggerModule.setup('docs', app, strictDocument(document), { jsonDocumentUrl: 'docs-json' });
}
