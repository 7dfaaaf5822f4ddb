/** The new-case alerts feature's public entry: what app.ts and other modules may use (docs/alerts.md). */

export { renderDigestMail } from './alert-digest.ts';
export { type Alerts, type AlertsPluginOptions, default as alertsPlugin } from './alerts.plugin.ts';
