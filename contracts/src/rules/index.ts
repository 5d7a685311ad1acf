export * from './rule.status';
export * from './rule.vocabulary';
export * from './rule.dto';
export * from './rule.schemas';
export * from './rule-evaluator';
export * from './rule-changes';
