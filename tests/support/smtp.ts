import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  /** The sender's address, as the From header gives it. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** The raw header lines, as the server received them. */
  headerLines: ParsedMail['headerLines'];
}

/**
 * A real SMTP endpoint (the `smtp-server` package) on a loopback port that keeps every mail it accepts, parsed with
 * `mailparser`. It counts deliveries as they come over the wire: a mail sent twice is kept twice.
 */
export class SmtpCollector {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;
  /** Mails the server was asked to take (MAIL FROM), held ones and refused ones included. */
  attempts = 0;
  private gate: Promise<Error | undefined> | undefined;

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        this.attempts++;
        const gate = this.gate;
        if (!gate) return callback();
        void gate.then((refusal) => callback(refusal));
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = parsed.to;
            const address = (Array.isArray(to) ? to[0] : to)?.value[0]?.address ?? '';
            this.mails.push({
              messageId: parsed.messageId ?? '',
              from: parsed.from?.value[0]?.address ?? '',
              to: address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              headerLines: parsed.headerLines,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  /**
   * Holds every mail the server is asked to take from now on at MAIL FROM (its sender keeps waiting for the answer)
   * until `release`, which refuses them with `refusal` (or takes them) and lets later mails through.
   */
  hold(): { release(refusal?: Error): void } {
    let release!: (refusal: Error | undefined) => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return {
      release: (refusal) => {
        this.gate = undefined;
        release(refusal);
      },
    };
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(email: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to === email.toLowerCase());
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The link after "label: " in a mail's plain text. */
export function linkIn(text: string, label: RegExp): string {
  const line = text.split('\n').find((candidate) => label.test(candidate));
  const url = line?.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link ${label} in:\n${text}`);
  return url;
}
