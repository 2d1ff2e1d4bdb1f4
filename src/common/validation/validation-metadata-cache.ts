import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const cached = new WeakSet<MetadataStorage>();

/**
 * class-validator looks up a class's rules on every object it validates (the order, each of its
 * lines, ...) by testing every class that has rules for being an ancestor of it, and groups them by
 * property anew each time: ~2% of the API's CPU per order. The rules of a class change only when a
 * decorator registers one, so both answers are kept until the next registration. The validator only
 * reads them.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let rulesOf = new Map<unknown, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, ReturnType<MetadataStorage['groupByPropertyName']>>();

  storage.addValidationMetadata = (metadata) => {
    rulesOf = new Map();
    grouped = new WeakMap();
    register(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let ofTarget = rulesOf.get(target);
    if (!ofTarget) rulesOf.set(target, (ofTarget = new Map<string, Rules>()));
    let rules = ofTarget.get(options);
    if (!rules) ofTarget.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };
}
