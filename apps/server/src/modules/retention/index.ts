/** The retention feature's public entry (docs/domain.md, Privacy rights, Retention): what app.ts may use. */
export { default as retentionPlugin, type RetentionPluginOptions } from './retention.plugin.ts';
export { RETENTION, type RetentionService } from './retention.service.ts';
