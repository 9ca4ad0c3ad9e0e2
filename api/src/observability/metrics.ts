import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  commandDuration: client.Histogram<'command' | 'outcome'>;
  eventsAppended: client.Counter<'log'>;
  eventsProjected: client.Counter<'log'>;
  httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  readyCheckFailures: client.Counter<'check' | 'code'>;
  liveEmitDuration: client.Histogram<'event'>;
  eventsNotified: client.Counter<'log'>;
  mailsSent: client.Counter;
  mailSendFailures: client.Counter;
  pushesSent: client.Counter;
  pushSendFailures: client.Counter;
  shortPathAnswers: client.Counter;
}

/** What the notifier gauges show (DESIGN.md §6), read when Prometheus scrapes. */
interface NotifierGauges {
  lag: number;
  outboxSize: number;
  outboxFailed: number;
}

/** What the projector gauges show; read when Prometheus scrapes, so it is never stale. */
interface ProjectorGauges {
  lag: number;
  quarantinedCompanies: number;
}

/** One registry per process. */
export function createMetrics(
  projector: () => Promise<ProjectorGauges>,
  notifier: () => Promise<NotifierGauges> = async () => ({ lag: -1, outboxSize: -1, outboxFailed: -1 }),
): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'courtside_' });
  const commandDuration = new client.Histogram({
    name: 'courtside_command_duration_seconds',
    help: 'Time from a command arriving to its events being projected (or refused)',
    labelNames: ['command', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const eventsAppended = new client.Counter({
    name: 'courtside_events_appended_total',
    help: 'Events appended to the log by this process (rate() gives events per second)',
    labelNames: ['log'] as const,
    registers: [registry],
  });
  const eventsProjected = new client.Counter({
    name: 'courtside_events_projected_total',
    help: 'Events applied to the read models by this process (rate() gives events per second)',
    labelNames: ['log'] as const,
    registers: [registry],
  });
  const httpDuration = new client.Histogram({
    name: 'courtside_http_request_duration_seconds',
    help: 'HTTP requests by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const readyCheckFailures = new client.Counter({
    name: 'courtside_ready_check_failures_total',
    help: 'Failed readiness checks by dependency and error code (the messages are in the log)',
    labelNames: ['check', 'code'] as const,
    registers: [registry],
  });
  const liveEmitDuration = new client.Histogram({
    name: 'courtside_live_emit_duration_seconds',
    help: 'Time to hand one live push to all the sockets of its rooms (socket.io writes to each socket at once)',
    labelNames: ['event'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  new client.Gauge({
    name: 'courtside_projector_lag_events',
    help: 'Events in the log that the read models do not show yet',
    registers: [registry],
    async collect() {
      this.set((await projector().catch(() => undefined))?.lag ?? -1);
    },
  });
  new client.Gauge({
    name: 'courtside_projector_quarantined_companies',
    help: 'Companies whose events stopped at one the projector cannot apply (details in the log and the database)',
    registers: [registry],
    async collect() {
      this.set((await projector().catch(() => undefined))?.quarantinedCompanies ?? -1);
    },
  });
  const eventsNotified = new client.Counter({
    name: 'courtside_events_notified_total',
    help: 'Events the notifier of this process decided on (rate() gives events per second)',
    labelNames: ['log'] as const,
    registers: [registry],
  });
  const mailsSent = new client.Counter({
    name: 'courtside_mails_sent_total',
    help: 'Notification mails the sender of this process delivered',
    registers: [registry],
  });
  const mailSendFailures = new client.Counter({
    name: 'courtside_mail_send_failures_total',
    help: 'Failed attempts to deliver a notification mail in this process (each is retried with backoff)',
    registers: [registry],
  });
  const pushesSent = new client.Counter({
    name: 'courtside_pushes_sent_total',
    help: 'Web Push messages the push sender of this process delivered to a push service',
    registers: [registry],
  });
  const pushSendFailures = new client.Counter({
    name: 'courtside_push_send_failures_total',
    help: 'Failed attempts to deliver a push in this process (each is retried with backoff, or given up)',
    registers: [registry],
  });
  const shortPathAnswers = new client.Counter({
    name: 'courtside_short_path_answers_total',
    help: 'Public reads answered from a kept answer before the middlewares and the route (kept-public-answers.ts)',
    registers: [registry],
  });
  new client.Gauge({
    name: 'courtside_notifier_lag_events',
    help: 'Events in the log the notifier has not decided on yet',
    registers: [registry],
    async collect() {
      this.set((await notifier().catch(() => undefined))?.lag ?? -1);
    },
  });
  new client.Gauge({
    name: 'courtside_mail_outbox_size',
    help: 'Notification mails waiting to be sent (also those waiting for a retry)',
    registers: [registry],
    async collect() {
      this.set((await notifier().catch(() => undefined))?.outboxSize ?? -1);
    },
  });
  new client.Gauge({
    name: 'courtside_mail_outbox_failed',
    help: 'Notification mails given up after repeated failures',
    registers: [registry],
    async collect() {
      this.set((await notifier().catch(() => undefined))?.outboxFailed ?? -1);
    },
  });
  return {
    registry,
    commandDuration,
    eventsAppended,
    eventsProjected,
    httpDuration,
    readyCheckFailures,
    liveEmitDuration,
    eventsNotified,
    mailsSent,
    shortPathAnswers,
    mailSendFailures,
    pushesSent,
    pushSendFailures,
  };
}
