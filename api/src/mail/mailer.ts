import nodemailer from 'nodemailer';
import type pg from 'pg';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A one-time code in the mail; the dev outbox shows it on its own line. */
  code?: string;
}

/** The mail port: SMTP in production, a Postgres outbox for development. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-outbox';
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { mailUrl?: string; from?: string; db: pg.Pool }): Mailer {
  if (options.mailUrl) {
    const transport = nodemailer.createTransport(options.mailUrl);
    const from = options.from ?? 'Courtside <no-reply@courtside.invalid>';
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: 'dev-outbox',
    async send(mail) {
      await options.db.query(
        'INSERT INTO courtside.dev_outbox (recipient, subject, body, code) VALUES ($1, $2, $3, $4)',
        [mail.to.toLowerCase(), mail.subject, mail.text, mail.code ?? null],
      );
    },
  };
}
