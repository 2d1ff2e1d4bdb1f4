import { OpenAPIObject } from '@nestjs/swagger';
import { X_ACCEPTED_SCOPES, X_SCOPE } from './requires-scope.decorator';

type ScopedOperation = { description?: string; [X_SCOPE]?: string; [X_ACCEPTED_SCOPES]?: string[] };

/** Names each operation's scope in its description too (docs/api.md 18), from its `x-scope` extensions. */
export function describeScopes(document: OpenAPIObject): void {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, ScopedOperation>)) {
      const scope = operation[X_SCOPE];
      if (scope === undefined) continue;
      const others = (operation[X_ACCEPTED_SCOPES] ?? []).filter((s) => s !== scope).map((s) => `\`${s}\``);
      const line = scope === 'any' ? '**Scope:** any valid API key, whatever its scopes.' : `**Scope:** \`${scope}\` (also granted by ${others.join(', ')}).`;
      operation.description = operation.description ? `${line}\n\n${operation.description}` : line;
    }
  }
}
