export * from './sync-health.dto';
